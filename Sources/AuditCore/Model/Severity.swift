import Foundation

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

/// A `--fail-on` value: a level, `withheld`, or both (`warning,withheld`). `withheld` makes a
/// run exit 1 when the purchase-path matrix withholds launch approval for a path; alone it
/// leaves the level at its default (or the configuration's).
public struct FailGate: Sendable, Hashable {
    public var level: FailLevel?
    public var withheld: Bool

    public init(level: FailLevel?, withheld: Bool) {
        self.level = level
        self.withheld = withheld
    }

    /// Nil for anything but one level and/or `withheld`, comma-separated.
    public init?(_ text: String) {
        var level: FailLevel?
        var withheld = false
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        for part in parts {
            if part == "withheld", !withheld {
                withheld = true
            } else if let value = FailLevel(rawValue: part), level == nil {
                level = value
            } else {
                return nil
            }
        }
        self.init(level: level, withheld: withheld)
    }
}
