import AuditCore
import Testing

/// `slicedMap` spreads one long list over the workers in slices; what it returns is what one
/// pass over the whole list returns, in the same order, for every length around the slicing
/// threshold.
@Suite struct SlicedMapTests {
    @Test(arguments: [0, 1, 7, 8, 16, 17, 23, 64, 1_000])
    func slicesJoinToWhatOnePassGives(count: Int) {
        let items = (0..<count).map { Int32($0 * 7 % 31) }
        let whole = items.filter { $0 % 3 != 0 }.map { Int($0) * 2 }
        for jobs in [1, 2, 4] {
            let sliced = slicedMap(items, slice: 4, jobs: jobs) { slice in slice.filter { $0 % 3 != 0 }.map { Int($0) * 2 } }
            #expect(sliced == whole, "jobs \(jobs)")
        }
    }

    @Test func aShortListIsOnePass() {
        // At most two slices' worth: one call over everything, on the caller's thread.
        let calls = slicedMapCallCount(items: 8, slice: 4)
        #expect(calls == 1)
        #expect(slicedMapCallCount(items: 9, slice: 4) == 3)
    }

    private func slicedMapCallCount(items: Int, slice: Int) -> Int {
        slicedMap(Array(0..<items), slice: slice, jobs: 2) { _ in [1] }.count
    }
}
