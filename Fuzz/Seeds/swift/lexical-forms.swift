#!/usr/bin/env swift
/* outer /* nested */ still a comment */
/// doc comment
/** doc block */
import StoreKit
@MainActor final class Store: ObservableObject {
    let raw = #"a "quoted" \#(value) \(not) text"#
    let raw2 = ##"one # two "# three"##
    let multi = """
        line \(name) and \(call(a: "x", b: (1, 2)))
        \"""escaped\"""
        continued \
        done
        """
    let regex = /[a-z]+\/[0-9]*/
    let extended = #/a/b/#
    let multiRegex = #/
        \d+ # comment
        /#
    let divided = a / b / c
    let `default` = 0x1F_FFp-2 + 1_000.5e+3 + 0b1010 + 0o17 + x.0.1
    func f() async throws -> [String: Int]? { let k = \Store.raw; return [:] }
    #if DEBUG
    func g() {
    #else
    func g() {
    #endif
        switch value { case .a(let x) where x > 1: break; @unknown default: break }
    }
}
