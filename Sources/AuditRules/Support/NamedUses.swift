/// The names a file uses and the lines it uses them on, in first-use order, for one finding per
/// file that lists them all ("SKPaymentQueue (lines 14, 17), SKProduct (line 12)"), and the use
/// sites (one per line, with the names used there) for a note at each further place.
struct NamedUses {
    private(set) var uses: [(name: String, lines: [Int])] = []
    /// One entry per line with a use: the first use's token (or string start) and the names.
    private var siteList: [(line: Int, at: Int, names: [String])] = []

    var isEmpty: Bool { uses.isEmpty }
    var names: Set<String> { Set(uses.map(\.name)) }

    /// Records `name` used on `line` at token (or string start) `index`.
    mutating func add(_ name: String, line: Int, at index: Int) {
        if let i = uses.firstIndex(where: { $0.name == name }) {
            if !uses[i].lines.contains(line) { uses[i].lines.append(line) }
        } else {
            uses.append((name, [line]))
        }
        if let i = siteList.lastIndex(where: { $0.line == line }) {
            if index < siteList[i].at { siteList[i].at = index }
            if !siteList[i].names.contains(name) { siteList[i].names.append(name) }
        } else {
            siteList.append((line, index, [name]))
        }
    }

    /// "SKPaymentQueue (lines 14, 17), SKProduct (line 12)".
    var listed: String {
        uses.map { use in
            let lines = use.lines.sorted()
            return "\(use.name) (line\(lines.count == 1 ? "" : "s") \(lines.map(String.init).joined(separator: ", ")))"
        }.joined(separator: ", ")
    }

    /// The use sites in line order: each line with a use once, at its first use, with the names
    /// used on it.
    var sites: [(line: Int, at: Int, names: [String])] {
        siteList.sorted { $0.line < $1.line }
    }
}
