import Testing
@testable import AuditCore

/// The walk asks these of every name it meets, so they compare bytes; what they answer is
/// what a user names files and folders.
@Suite struct FileNameTests {
    @Test func extensionsAreMatchedWithoutRegardToCase() {
        #expect(FileKind.classify("App/Store.swift") == .swift)
        #expect(FileKind.classify("App/Store.SWIFT") == .swift)
        #expect(FileKind.classify("Products.StoreKit") == .storeKitConfiguration)
        #expect(FileKind.classify("Resources/Localizable.xcstrings") == .stringCatalog)
        #expect(FileKind.classify("en.lproj/Localizable.strings") == .strings)
        #expect(FileKind.classify("en.lproj/Localizable.stringsdict") == .stringsDictionary)
        #expect(FileKind.mayClassify("Store.Swift"))
        #expect(FileKind.mayClassify("NOTES.TXT"))
    }

    @Test func otherFilesAreNotRead() {
        #expect(FileKind.classify("App/Store.swift.orig") == nil)
        #expect(FileKind.classify("App/swift") == nil)
        #expect(FileKind.classify("Images/logo.png") == nil)
        #expect(FileKind.classify("") == nil)
        #expect(!FileKind.mayClassify("logo.png"))
        #expect(!FileKind.mayClassify(".swiftlint.yml"))
        // A byte that only folds to `.` with a blunt `| 0x20` is not a dot.
        #expect(FileKind.classify("App/Store\u{0E}swift") == nil)
    }

    @Test func textIsCopyOnlyWhenItsNameSaysSo() {
        #expect(FileKind.classify("Copy/Paywall-Copy.md") == .copyDocument)
        #expect(FileKind.classify("Marketing/SUBSCRIPTION_TERMS.TXT") == .copyDocument)
        #expect(FileKind.classify("pricing.markdown") == .copyDocument)
        #expect(FileKind.classify("README.md") == nil)
        // The folder's name does not count, only the file's.
        #expect(FileKind.classify("paywall/README.md") == nil)
        // A project's own documents are never paywall copy by name: a documentation folder's
        // plans, a licence ("COPYING" has "copy" in it), a changelog of purchase fixes.
        #expect(FileKind.classify("docs/plans/paywall-plan.md") == nil)
        #expect(FileKind.classify("Documentation/Subscription.md") == nil)
        #expect(FileKind.classify("COPYING.txt") == nil)
        #expect(FileKind.classify("CHANGELOG-purchases.md") == nil)
        #expect(FileKind.classify("License-purchase.txt") == nil)
        // A capitalised name at the top, beside README.md, is the repository's own document
        // (Overland's PURCHASES.md lists the developer's price points); in a folder, the name decides.
        #expect(FileKind.classify("PURCHASES.md") == nil)
        #expect(FileKind.classify("Purchases.md") == .copyDocument)
    }

    @Test func testFoldersAreFoundByName() {
        #expect(ShippedCode.isInTestFolder("/repo/Tests/StoreTests.swift"))
        #expect(ShippedCode.isInTestFolder("/repo/StoreUITests/Flow.swift"))
        #expect(ShippedCode.isInTestFolder("/repo/Shared/TestSupport/Mocks.swift"))
        #expect(ShippedCode.isInTestFolder("AppTests/A.swift"))
        // The file's own name is not a folder.
        #expect(!ShippedCode.isInTestFolder("/repo/App/Tests.swift"))
        #expect(!ShippedCode.isInTestFolder("/repo/Testsuite/A.swift"))
        #expect(!ShippedCode.isInTestFolder("/repo/TestsHelpers/A.swift"))
        #expect(!ShippedCode.isInTestFolder("/repo/tests/A.swift"))
        #expect(!ShippedCode.isInTestFolder("A.swift"))
    }
}

/// `LocaleMatching.serves` answers ASCII identifiers from their bytes; it must say what the
/// String comparison says.
@Test func localeMatchingFromBytesAgreesWithTheStringComparison() {
    let locales = ["en", "EN", "en_US", "en-US", "en-us", "en_GB", "de", "de-DE", "de_AT", "zh-Hans", "zh_Hant_TW", "zh",
                   "pt_BR", "pt", "", "_", "-", "_en", "en_", "-de-", "x-", "Ελ", "ελ_GR", "fr-CA", "fr"]
    for a in locales {
        for w in locales {
            #expect(LocaleMatching.serves(a, w) == LocaleMatching.servesByText(a, w), "\(a) serves \(w)")
        }
    }
    #expect(LocaleMatching.serves("en", "en_US"))
    #expect(LocaleMatching.serves("de-DE", "de_de"))
    #expect(!LocaleMatching.serves("en_GB", "en_US"))
    #expect(!LocaleMatching.serves("de", "en"))
}
