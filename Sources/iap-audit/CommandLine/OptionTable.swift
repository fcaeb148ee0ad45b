import AuditCore

/// A mistake on the command line: exit 2 with this one line.
struct UsageError: Error {
    var message: String
}

/// What a shell can offer for a value or an argument.
enum CompletionKind: Sendable, Hashable {
    case none
    /// One of these words.
    case choices([String])
    /// A comma-separated list of these words.
    case list([String])
    case file
    case directory
    /// A file or a folder.
    case path
    /// A git revision: branches and tags of the current repository.
    case revision
    /// A rule id, from the tool itself.
    case ruleID
}

/// One command-line option: its names, its value, its help, and how the words given become
/// the value stored for it. It is declared once, as an `Option` (see `AuditOptions.swift`),
/// and the parser, `--help`, the manual page and the completions all read that declaration.
struct OptionSpec: Sendable {
    /// Without the dashes: "output".
    var long: String
    /// "-o", or nil.
    var short: String?
    /// "DIR" for an option that takes a value; nil for a flag.
    var valueName: String?
    var completion: CompletionKind = .none
    var help: String
    /// Stores the value given (nil for a flag) into the parsed values under `long`.
    var store: @Sendable (_ value: String?, _ values: inout ParsedValues) throws(UsageError) -> Void

    var name: String { "--" + long }
    var takesValue: Bool { valueName != nil }

    /// `-o, --output DIR` as `--help` and the manual show it.
    var synopsis: String {
        (short.map { $0 + ", " } ?? "    ") + name + (valueName.map { " " + $0 } ?? "")
    }

    /// `-h, --help`, which every command answers.
    static let help = Option<Bool>.flag("help", short: "-h", help: "Show this help.").spec
}

/// A typed key into the parsed values: the option's declaration and the value it has when
/// it is not given. `values[.output]` reads it.
struct Option<Value: Sendable>: Sendable {
    let spec: OptionSpec
    let defaultValue: Value

    /// A flag: true when given.
    static func flag(_ long: String, short: String? = nil, help: String) -> Option<Bool> where Value == Bool {
        Option<Bool>(spec: OptionSpec(long: long, short: short, help: help) { _, values throws(UsageError) in
            values.set(long, true)
        }, defaultValue: false)
    }

    /// An option with a value, converted (and checked) by `convert`; given twice, the last wins.
    static func value(
        _ long: String, short: String? = nil, _ valueName: String, completion: CompletionKind = .none, default defaultValue: Value,
        help: String, convert: @escaping @Sendable (String) throws(UsageError) -> Value
    ) -> Option<Value> {
        Option(spec: OptionSpec(long: long, short: short, valueName: valueName, completion: completion, help: help) { value, values throws(UsageError) in
            values.set(long, try convert(value ?? ""))
        }, defaultValue: defaultValue)
    }

    /// An option whose value is kept as it is typed, nil when not given.
    static func text(_ long: String, short: String? = nil, _ valueName: String, completion: CompletionKind = .none, help: String) -> Option<String?>
    where Value == String? {
        .value(long, short: short, valueName, completion: completion, default: nil, help: help) { $0 }
    }

    /// An option that may be repeated; each value is added to the list, in order.
    static func repeated(
        _ long: String, _ valueName: String, completion: CompletionKind = .none, help: String,
        convert: @escaping @Sendable (String) throws(UsageError) -> String
    ) -> Option<[String]> where Value == [String] {
        Option<[String]>(spec: OptionSpec(long: long, valueName: valueName, completion: completion, help: help) { value, values throws(UsageError) in
            values.set(long, values.value(of: long, as: [String].self, default: []) + [try convert(value ?? "")])
        }, defaultValue: [])
    }
}

/// What the parser read: each option given, by its long name, and the positional arguments.
struct ParsedValues: Sendable {
    private var stored: [String: any Sendable] = [:]
    var arguments: [String] = []

    mutating func set(_ long: String, _ value: any Sendable) {
        stored[long] = value
    }

    func value<T>(of long: String, as type: T.Type, default defaultValue: T) -> T {
        stored[long] as? T ?? defaultValue
    }

    func contains(_ spec: OptionSpec) -> Bool { stored[spec.long] != nil }

    subscript<Value>(option: Option<Value>) -> Value {
        value(of: option.spec.long, as: Value.self, default: option.defaultValue)
    }
}

extension UsageError {
    /// " (did you mean --format?)" when a close match exists: one clause, whatever punctuation
    /// the message goes on with.
    static func suggestion(for word: String, among candidates: [String]) -> String {
        Spelling.closest(to: word, among: candidates).map { " (did you mean \($0)?)" } ?? ""
    }
}
