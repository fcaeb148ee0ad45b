import AuditCore
import Testing
@testable import AuditRules

/// The copy rules look each paywall text up in every table by its key: a key written several
/// times (the last one wins at run time) gives every entry, in file order.
@Suite struct PaywallCopyKeyIndexTests {
    @Test func aTablesEntriesByKeyAreInFileOrder() throws {
        let text = """
            "a" = "1";
            "b" = "2";
            "a" = "3";
            "c" = "4";
            "a" = "5";
            "b" = "6";

            """
        let table = try StringsFileLoader.load(bytes: Array(text.utf8), file: "de.lproj/Localizable.strings")
        let keys = PaywallCopy.TableKeys(table)
        #expect(keys["a"] == [0, 2, 4])
        #expect(keys["b"] == [1, 5])
        #expect(keys["c"] == [3])
        #expect(keys["d"] == [])
        #expect(keys["a"].map { table.entries[$0].value } == ["1", "3", "5"])
        #expect(PaywallCopy.TableKeys(StringsFile(file: "x.strings"))["a"] == [])
    }
}
