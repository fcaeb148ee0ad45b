import Foundation
import Testing
@testable import AuditCore

/// cmark-gfm keeps the characters that start its extensions' inlines (`~` for strikethrough,
/// `|` inside table rows) in one table for the whole process, which every parser fills when it
/// starts parsing inlines and empties when it is done. Two parsers at once, as when copy
/// documents are loaded on several workers, emptied it under each other. Only that step
/// (`cmark_parser_finish`) is done one at a time; feeding, rendering and freeing run at once
/// here, 48 documents on 4 workers (without the lock both tests fail).
@Suite struct CommonMarkThreadingTests {
    static let document = (0..<40).map { index in
        """
        ## Plan \(index)

        Start ~~a free trial~~ today, ~~cancel anytime~~ in Settings.

        | Plan | Price ~~before~~ |
        |---|---|
        | Yearly ~~\(index)~~ | ~~$9.99~~ |

        """
    }.joined(separator: "\n")

    @Test func copyDocumentsParseTheSameOnParallelWorkers() {
        let serial = CommonMark.blocks(of: Self.document)
        #expect(serial.contains { $0.text == "Start a free trial today, cancel anytime in Settings." })
        #expect(!serial.contains { $0.text.contains("~") })
        for _ in 0..<5 {
            let parallel = parallelMap(Array(repeating: Self.document, count: 48), jobs: 4) { CommonMark.blocks(of: $0) }
            #expect(parallel.allSatisfy { $0 == serial })
        }
    }

    @Test func htmlRendersTheSameOnParallelWorkers() {
        let serial = CommonMark.html(from: Self.document)
        #expect(serial.contains("<del>a free trial</del>"))
        let parallel = parallelMap(Array(repeating: Self.document, count: 48), jobs: 4) { CommonMark.html(from: $0) }
        #expect(parallel.allSatisfy { $0 == serial })
    }
}

/// Report Markdown is rendered without cmark's UTF-8 validation (a String is valid UTF-8): text
/// in any script, four-byte characters and combining marks come through unchanged, and a NUL
/// is still replaced by U+FFFD as the CommonMark specification asks.
@Test func reportHTMLKeepsEveryCharacterAndReplacesNUL() {
    let html = CommonMark.html(from: "# Abo für 9,99 € 🎉\n\nПодписка · 年額プラン · e\u{301} · a\u{0}b\n")
    #expect(html == "<h1>Abo für 9,99 € 🎉</h1>\n<p>Подписка · 年額プラン · e\u{301} · a\u{FFFD}b</p>\n")
}
