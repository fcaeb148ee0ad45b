import AuditCore
import Testing

/// The lower bound the token columns, the binding lookups and the long-token table search by.
@Suite struct SortedSearchTests {
    @Test func firstIndexNotBelowIsTheLowerBound() {
        let sorted = [2, 4, 4, 7, 9]
        #expect(sorted.firstIndex(notBelow: { $0 < 4 }) == 1)
        #expect(sorted.firstIndex(notBelow: { $0 < 5 }) == 3)
        #expect(sorted.firstIndex(notBelow: { $0 < 1 }) == 0)
        #expect(sorted.firstIndex(notBelow: { $0 < 10 }) == 5)
        #expect([Int]().firstIndex(notBelow: { $0 < 3 }) == 0)
        // A slice answers with its own indices.
        #expect(sorted[2...].firstIndex(notBelow: { $0 < 8 }) == 4)
    }
}
