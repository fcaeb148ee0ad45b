extension RandomAccessCollection {
    /// The first index whose element is not `below` the sought place, in a collection sorted
    /// so that every element `below` it comes first (a lower bound by binary search): the
    /// end index when all are below.
    @inlinable
    public func firstIndex(notBelow below: (Element) -> Bool) -> Index {
        var low = startIndex
        var count = distance(from: startIndex, to: endIndex)
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if below(self[middle]) {
                low = index(after: middle)
                count -= half + 1
            } else {
                count = half
            }
        }
        return low
    }
}
