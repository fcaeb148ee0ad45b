/// The names a file uses, by line: for one finding per file that lists them all
/// ("SKPaymentQueue (lines 14, 17), SKProduct (line 12)") and a note at each further line.
struct NamedUses {
    /// One entry per line with a use, in the order first met: the first use's token (or
    /// string start) and the names used there, in the order met.
    private var siteList: [(line: Int, at: Int, names: [String])] = []
    private var siteOfLine: [Int: Int] = [:]

    var isEmpty: Bool { siteList.isEmpty }
    var names: Set<String> { Set(siteList.flatMap(\.names)) }

    /// Records `name` used on `line` at token (or string start) `index`.
    mutating func add(_ name: String, line: Int, at index: Int) {
        guard let i = siteOfLine[line] else {
            siteOfLine[line] = siteList.count
            siteList.append((line, index, [name]))
            return
        }
        if index < siteList[i].at { siteList[i].at = index }
        if !siteList[i].names.contains(name) { siteList[i].names.append(name) }
    }

    /// "SKPaymentQueue (lines 14, 17), SKProduct (line 12)": each name in the order first met.
    var listed: String {
        var order: [String] = []
        var lines: [String: [Int]] = [:]
        for site in siteList {
            for name in site.names {
                if lines[name] == nil { order.append(name) }
                lines[name, default: []].append(site.line)
            }
        }
        return order.map { name in
            let numbers = lines[name, default: []].sorted()
            return "\(name) (line\(numbers.count == 1 ? "" : "s") \(numbers.map(String.init).joined(separator: ", ")))"
        }.joined(separator: ", ")
    }

    /// The use sites on lines other than `skipped`, in line order, each at its first use with
    /// the names used on it.
    func sites(besides skipped: Set<Int>) -> [(line: Int, at: Int, names: [String])] {
        siteList.filter { !skipped.contains($0.line) }.sorted { $0.line < $1.line }
    }
}
