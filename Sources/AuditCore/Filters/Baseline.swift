import Foundation

/// Findings a team has accepted as known debt, by fingerprint. With `--baseline FILE` they are
/// reported as accepted (in the report's appendix), not failing; new findings still fail.
/// Fingerprints hash the rule, the file and the finding's line text, not its line number, so
/// they survive edits elsewhere in the file.
///
/// The file is JSON, sorted, one entry per finding, with enough context for a reviewer to read
/// a diff of it: `{"version": 2, "findings": [{"fingerprint", "rule", "file", "message"}]}`.
///
/// Version 2 fingerprints and files are relative to the repository root (the git top level,
/// else the configuration file's folder), so one baseline serves `iap-audit ios` and
/// `iap-audit .` alike. Version 1 (before) was relative to the folder audited when it was
/// written; it is still read, and the audit then fingerprints as it did.
public struct Baseline: Sendable, Hashable {
    public static let version = 2

    public var fingerprints: Set<String>
    /// Version 2 and later: paths from the repository root. False for a version 1 file.
    public var pathsFromRepositoryRoot: Bool

    public init(fingerprints: Set<String>, pathsFromRepositoryRoot: Bool = true) {
        self.fingerprints = fingerprints
        self.pathsFromRepositoryRoot = pathsFromRepositoryRoot
    }

    public func contains(_ finding: Finding) -> Bool { fingerprints.contains(finding.fingerprint) }

    public struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        public var description: String
    }

    public static func load(_ url: URL, displayPath: String) throws(Error) -> Baseline {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw Error(description: "cannot read the baseline \(displayPath): no such file (write one with --write-baseline \(displayPath))")
        }
        return try parse(Array(data), file: displayPath)
    }

    public static func parse(_ bytes: [UInt8], file: String) throws(Error) -> Baseline {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes: bytes, file: file)
        } catch {
            throw Error(description: "\(error.location): the baseline is not valid JSON: \(error.reason)")
        }
        func fail(_ position: TextPosition, _ reason: String) -> Error {
            Error(description: "\(position.location(in: file)): \(reason)")
        }
        guard case .object = root.value else { throw fail(root.position, "a baseline should be a JSON object with \"version\" and \"findings\"") }
        guard let versionNode = root.member("version"), case .number(let version, _) = versionNode.value else {
            throw fail(root.position, "the baseline has no numeric \"version\"; write it again with --write-baseline")
        }
        guard Int(version) == 1 || Int(version) == Self.version else {
            throw fail(versionNode.position, "baseline version \(Int(version)) is not supported (this iap-audit reads versions 1 and \(Self.version))")
        }
        guard let list = root.member("findings"), case .array(let entries) = list.value else {
            throw fail(root.position, "the baseline has no \"findings\" array")
        }
        var fingerprints = Set<String>()
        for (index, entry) in entries.enumerated() {
            guard let node = entry.member("fingerprint"), case .string(let fingerprint) = node.value, !fingerprint.isEmpty else {
                throw fail(entry.position, "\"findings[\(index)]\" has no \"fingerprint\" string")
            }
            fingerprints.insert(fingerprint)
        }
        return Baseline(fingerprints: fingerprints, pathsFromRepositoryRoot: Int(version) >= 2)
    }

    /// The baseline file for `findings` (their files as the repository names them): sorted by
    /// file, rule and fingerprint, no line numbers, so that it changes only when findings come
    /// or go.
    public static func document(for findings: [Finding]) -> String {
        let sorted = findings.sorted {
            ($0.location.file, $0.ruleID, $0.fingerprint) < ($1.location.file, $1.ruleID, $1.fingerprint)
        }
        var seen = Set<String>()
        var lines: [String] = []
        for finding in sorted where seen.insert(finding.fingerprint).inserted {
            lines.append(
                "    {\"fingerprint\": \(JSONText.quoted(finding.fingerprint)), \"rule\": \(JSONText.quoted(finding.ruleID)), "
                    + "\"file\": \(JSONText.quoted(finding.location.file)), \"message\": \(JSONText.quoted(finding.message))}")
        }
        let comment = "Findings accepted as known debt: iap-audit --baseline reports them as accepted, not failing. Regenerate with --write-baseline."
        if lines.isEmpty {
            return "{\n  \"$comment\": \(JSONText.quoted(comment)),\n  \"version\": \(version),\n  \"findings\": []\n}\n"
        }
        return "{\n  \"$comment\": \(JSONText.quoted(comment)),\n  \"version\": \(version),\n  \"findings\": [\n"
            + lines.joined(separator: ",\n") + "\n  ]\n}\n"
    }
}

/// JSON string literals, escaped the way RFC 8259 requires (and no more: `/` stays as is).
public enum JSONText {
    /// `text` as a JSON string literal: `"`, `\`, control characters and U+2028/U+2029
    /// escaped, everything else as is. Runs of bytes that need no escape are copied whole
    /// (the reports quote every message, path and rule text).
    public static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        appendQuoted(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `quoted(text)`, appended to `out` as UTF-8 (the report writers build bytes).
    public static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            out.append(UInt8(ascii: "\""))
            var run = 0
            var i = 0
            func escape(_ replacement: String, skipping length: Int) {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
                out.append(contentsOf: replacement.utf8)
                i += length
                run = i
            }
            while i < bytes.count {
                let byte = bytes[i]
                // Most bytes need no escape: one comparison each passes them.
                if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte != 0xE2 {
                    i += 1
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): escape("\\\"", skipping: 1)
                case UInt8(ascii: "\\"): escape("\\\\", skipping: 1)
                case 0x0A: escape("\\n", skipping: 1)
                case 0x0D: escape("\\r", skipping: 1)
                case 0x09: escape("\\t", skipping: 1)
                case 0x08: escape("\\b", skipping: 1)
                case 0x0C: escape("\\f", skipping: 1)
                case 0x00..<0x20: escape("\\u" + hex4(UInt32(byte)), skipping: 1)
                case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                    // U+2028 and U+2029 end a line in JavaScript.
                    escape(bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029", skipping: 3)
                default: i += 1
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<bytes.count]))
            out.append(UInt8(ascii: "\""))
        }
    }

    /// Four lower-case hexadecimal digits.
    private static func hex4(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `quoted` scalar by scalar: the reference the byte path is tested against.
    static func quotedByScalars(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
