/// Everything the audit loaded, plus the cross-file facts rules share. Rules read only this.
public struct Project: Sendable {
    /// Swift sources that are text (binary files named `.swift` are input errors instead).
    public var swiftFiles: [SwiftFile]
    public var copyDocuments: [CopyDocument]
    /// Xcode StoreKit configuration files (`.storekit`).
    public var storeKitConfigurations: [StoreKitConfiguration] = []
    /// Files that could not be read, decoded or parsed.
    public var inputErrors: [InputError]
    /// Locales the app ships, and where that list came from (for the report).
    public var shippedLocales: [String]
    public var localeSource: String

    public init(swiftFiles: [SwiftFile] = [], copyDocuments: [CopyDocument] = [], inputErrors: [InputError] = [],
                shippedLocales: [String] = [], localeSource: String = "none found") {
        self.swiftFiles = swiftFiles
        self.copyDocuments = copyDocuments
        self.inputErrors = inputErrors
        self.shippedLocales = shippedLocales
        self.localeSource = localeSource
    }

    /// Whether any Swift file imports StoreKit or uses its purchase API: the precondition for
    /// the StoreKit checklist items to apply at all.
    public var usesStoreKit: Bool {
        swiftFiles.contains { file in
            file.imports.contains("StoreKit") || file.imports.contains("_StoreKit_SwiftUI")
        }
    }
}
