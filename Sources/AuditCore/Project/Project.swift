/// Everything the audit loaded, plus the cross-file facts rules share. Rules read only this.
public struct Project: Sendable {
    /// Shipped app code: Swift sources that are text (binary files named `.swift` are input
    /// errors instead), outside test targets, with `#Preview` and `PreviewProvider` code blanked.
    public var swiftFiles: [SwiftFile] { didSet { facts = ProjectFacts() } }
    /// Objective-C implementation files (`.m`, `.mm`) of the app, test code left out.
    public var objectiveCFiles: [ObjectiveCFile] = [] { didSet { facts = ProjectFacts() } }
    /// Property lists, build settings and JSON files of the app that mention a secret.
    public var settingsFiles: [SettingsFile] = [] { didSet { facts = ProjectFacts() } }
    /// Swift files of test targets: not audited as app code, but rules may ask whether tests
    /// exist (for example StoreKitTest sessions).
    public var testFiles: [SwiftFile] = [] { didSet { facts = ProjectFacts() } }
    /// Paths of app files whose previews were left out of the audit.
    public var filesWithPreviews: [String] = [] { didSet { facts = ProjectFacts() } }
    public var copyDocuments: [CopyDocument] { didSet { facts = ProjectFacts() } }
    /// Xcode StoreKit configuration files (`.storekit`).
    public var storeKitConfigurations: [StoreKitConfiguration] = [] { didSet { facts = ProjectFacts() } }
    /// String catalogs (`.xcstrings`).
    public var stringCatalogs: [StringCatalog] = [] { didSet { facts = ProjectFacts() } }
    /// Legacy `.strings` tables, with the locale of their `.lproj` folder.
    public var stringsFiles: [StringsFile] = [] { didSet { facts = ProjectFacts() } }
    public var stringsDictionaries: [StringsDictFile] = [] { didSet { facts = ProjectFacts() } }
    /// The App Store listing's fields (fastlane `deliver` layout), every locale and platform folder.
    public var storeListing: [StoreListingField] = [] { didSet { facts = ProjectFacts() } }
    /// The configuration declares a custom license agreement in App Store Connect
    /// (`metadata.customEULA`): the listing's description then needs no Terms of Use link.
    public var declaresCustomEULA = false
    /// Files that could not be read, decoded or parsed.
    public var inputErrors: [InputError] { didSet { facts = ProjectFacts() } }
    /// Locales the app ships, and where that list came from (for the report).
    public var shippedLocales: [String] { didSet { facts = ProjectFacts() } }
    public var localeSource: String { didSet { facts = ProjectFacts() } }
    /// Facts the rules share, built on first use; replaced whenever an input above changes.
    public private(set) var facts = ProjectFacts()
    /// Parallel workers for the per-file work of facts (`--jobs`); nil means all cores.
    public var jobs: Int?
    /// The audited code is a library (a Swift package no app links), not an app: what only an
    /// app can provide (a restore button, a StoreKit configuration to run with, a way to manage
    /// subscriptions) is the linking app's to check.
    public var isLibrary = false
    /// The platforms the app builds for, from its targets' build settings: empty when unknown.
    public var platforms: Set<ApplePlatform> = []
    /// StoreKit configurations the app's test targets bundle: not the app's catalogue, but
    /// configurations set up for testing.
    public var testStoreKitConfigurations: [String] = []

    /// Why an app-level item does not apply to a library, for the rules that check one.
    public static let libraryReason = "The audited code is a library (a Swift package no app in the folder links): the app that links it must provide this."

    /// `transform` of every Swift file, in order, on up to `jobs` workers: for facts that
    /// look at each file on its own (a rule waiting for one then does not wait for one core).
    public func mapSwiftFiles<R: Sendable>(_ transform: @Sendable (SwiftFile) -> R) -> [R] {
        parallelMap(swiftFiles, jobs: jobs, transform)
    }

    public init(swiftFiles: [SwiftFile] = [], copyDocuments: [CopyDocument] = [], inputErrors: [InputError] = [],
                shippedLocales: [String] = [], localeSource: String = "none found") {
        self.swiftFiles = swiftFiles
        self.copyDocuments = copyDocuments
        self.inputErrors = inputErrors
        self.shippedLocales = shippedLocales
        self.localeSource = localeSource
    }

    /// Whether any Swift file imports StoreKit: the precondition for the StoreKit checklist
    /// items to apply at all.
    public var usesStoreKit: Bool {
        swiftFiles.contains { $0.importsStoreKit } || objectiveCFiles.contains { $0.importsStoreKit }
    }
}
