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
        // The innermost .lproj folder, not the file's own folder.
        ("App/fr.lproj/Nested/Localizable.strings", "fr"),
        ("/abs//path/ja.LPROJ//Localizable.strings", "ja"),
        ("App/Ünïcödé-ß.lproj/Localizable.strings", "Ünïcödé-ß"),
        ("App\\sv.lproj/Sub\\x.strings", "sv"),
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
        "de.lproj",
        "App/de.lproj/",
        "App/BASE.lproj/Localizable.strings",
        // Only `.` before "lproj", not a byte that ORs to it (0x0E).
        "App/de\u{0E}lproj/Localizable.strings",
        "App/de.lprojx/Localizable.strings",
    ])
    func noLocale(_ path: String) {
        #expect(LocalizationFolder.locale(ofFile: path) == nil)
    }
}
