import Testing
@testable import AuditCore

@Suite struct LocalizationFolderLoaderTests {
    @Test(arguments: [
        ("App/de.lproj/Localizable.strings", "de"),
        ("App/Resources/zh-Hans.lproj/Localizable.stringsdict", "zh-Hans"),
        ("pt-BR.lproj/InfoPlist.strings", "pt-BR"),
        ("App/English.lproj/Localizable.strings", "en"),
        ("App\\fr.lproj\\Localizable.strings", "fr"),
        ("App/de.lproj/Nested/fr.lproj/Localizable.strings", "fr"),
    ])
    func localeOfAFileInAnLprojFolder(_ path: String, _ locale: String) {
        #expect(LocalizationFolder.locale(ofFile: path) == locale)
    }

    @Test(arguments: [
        "App/Base.lproj/Main.storyboard",
        "App/base.lproj/Localizable.strings",
        "App/Localizable.xcstrings",
        "App/de.lproj",
        "App/.lproj/Localizable.strings",
        "",
    ])
    func noLocale(_ path: String) {
        #expect(LocalizationFolder.locale(ofFile: path) == nil)
    }
}
