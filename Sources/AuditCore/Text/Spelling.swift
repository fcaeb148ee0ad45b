/// "Did you mean" suggestions for mistyped options, keys and rule ids.
public enum Spelling {
    /// The candidate closest to `word`, when it is close enough to be a likely typo.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let distances: [(String, Int)] = candidates.map { candidate in (candidate, editDistance(word, candidate)) }
        let scored = distances.min { (a: (String, Int), b: (String, Int)) -> Bool in a.1 < b.1 || (a.1 == b.1 && a.0 < b.0) }
        guard let (best, distance) = scored, distance <= max(2, best.count / 3) else { return nil }
        return best
    }

    /// Levenshtein distance over characters.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
