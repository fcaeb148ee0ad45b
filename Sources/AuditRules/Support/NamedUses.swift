/// The names a file uses and the lines it uses them on, in first-use order, for one finding per
/// file that lists them all ("SKPaymentQueue (lines 14, 17), SKProduct (line 12)").
struct NamedUses {
    private(set) var uses: [(name: String, lines: [Int])] = []

    var isEmpty: Bool { uses.isEmpty }
    var names: Set<String> { Set(uses.map(\.name)) }

    mutating func add(_ name: String, line: Int) {
        if let index = uses.firstIndex(where: { $0.name == name }) {
            if uses[index].lines.last != line { uses[index].lines.append(line) }
        } else {
            uses.append((name, [line]))
        }
    }

    /// "SKPaymentQueue (lines 14, 17), SKProduct (line 12)".
    var listed: String {
        uses.map { use in
            "\(use.name) (line\(use.lines.count == 1 ? "" : "s") \(use.lines.map(String.init).joined(separator: ", ")))"
        }.joined(separator: ", ")
    }
}
