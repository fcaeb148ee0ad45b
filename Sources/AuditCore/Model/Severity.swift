/// How much a finding matters. Ordered: `note < warning < error`.
public enum Severity: String, Sendable, Hashable, CaseIterable, Comparable, Codable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// The least severity that fails a run (`--fail-on`, the config's `failOn`), or `never`.
public enum FailLevel: String, Sendable, Hashable, CaseIterable, Codable {
    case error, warning, note, never

    public var threshold: Severity? {
        switch self {
        case .error: .error
        case .warning: .warning
        case .note: .note
        case .never: nil
        }
    }
}
