import AuditCore
import BenchmarkCorpus
import Testing
@testable import AuditRules

/// The locale of a table's path is read from its bytes (`LocalizationFolder.locale(ofFile:)`,
/// `HardcodedPriceRule.lprojName(of:)`); both answer what splitting the path into Characters
/// answered, on paths made of every kind of folder name they tell apart.
@Suite struct LprojPathTests {
    static let legacy = ["English": "en", "French": "fr", "German": "de", "Chinese": "zh-Hans"]

    /// `LocalizationFolder.locale(ofFile:)` as it was written over Characters.
    static func localeByCharacters(_ path: String) -> String? {
        let folders = path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).dropLast()
        guard let folder = folders.last(where: { $0.lowercased().hasSuffix(".lproj") }) else { return nil }
        let name = String(folder.dropLast(".lproj".count))
        if name.isEmpty || name.lowercased() == "base" { return nil }
        return legacy[name] ?? name
    }

    /// `HardcodedPriceRule`'s table locale as it was written over Characters.
    static func lprojNameByCharacters(_ path: String) -> String {
        path.split(separator: "/").first { $0.hasSuffix(".lproj") }.map { String($0.dropLast(6)) } ?? ""
    }

    @Test func bytesAnswerAsCharactersDid() {
        let parts = ["App", "de.lproj", "Base.lproj", "base.lproj", ".lproj", "ja.LPROJ", "Ünïcödé-ß.lproj", "English.lproj",
                     "b.lprojx", "fr.lproj", "x\u{0E}lproj", "e\u{0301}.lproj", "zh-Hans.lproj", "Localizable.strings", ""]
        let separators = ["/", "\\", "//"]
        var generator = SeededGenerator(seed: 28)
        var checked = 0
        for _ in 0..<4000 {
            let count = Int.random(in: 0...5, using: &generator)
            var path = ""
            for index in 0..<count {
                if index > 0 || Bool.random(using: &generator) { path += separators.randomElement(using: &generator)! }
                path += parts.randomElement(using: &generator)!
            }
            if Bool.random(using: &generator) { path += "/" }
            #expect(LocalizationFolder.locale(ofFile: path) == Self.localeByCharacters(path), "\(path.debugDescription)")
            #expect(HardcodedPriceRule.lprojName(of: path) == Self.lprojNameByCharacters(path), "\(path.debugDescription)")
            checked += 1
        }
        #expect(checked == 4000)
    }
}
