/// Everything the audit loaded, plus the cross-file facts rules share. Rules read only this.
public struct Project: Sendable {
    /// Shipped app code: Swift sources that are text (binary files named `.swift` are input
    /// errors instead), outside test targets, with `#Preview` and `PreviewProvider` code blanked.
    public var swiftFiles: [SwiftFile]
    /// Swift files of test targets: not audited as app code, but rules may ask whether tests
    /// exist (for example StoreKitTest sessions).
    public var testFiles: [SwiftFile] = []
    /// Paths of app files whose previews were left out of the audit.
    public var filesWithPreviews: [String] = []
    public var copyDocuments: [CopyDocument]
    /// Xcode StoreKit configuration files (`.storekit`).
    public var storeKitConfigurations: [StoreKitConfiguration] = []
    /// String catalogs (`.xcstrings`).
    public var stringCatalogs: [StringCatalog] = []
    /// Legacy `.strings` tables, with the locale of their `.lproj` folder.
    public var stringsFiles: [StringsFile] = []
    public var stringsDictionaries: [StringsDictFile] = []
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
