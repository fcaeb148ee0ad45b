import Foundation

/// App Store Server Notifications handling found in the repository: the notification types a
/// server names (`DID_RENEW`, `REFUND`, …, in any language), and whether it validates signed
/// payloads. Found across the whole audited folder (a server is no app target), by name.
public struct ServerNotifications: Sendable, Hashable {
    /// One notification type named by a handler, at its first place in a file.
    public struct Site: Sendable, Hashable {
        public var type: String
        public var location: SourceLocation
    }

    /// Every notification type named in a file that handles notifications, in path and line order.
    public var sites: [Site] = []
    /// Where signed transactions or notifications are verified on a server (Apple's
    /// `SignedDataVerifier`, `verifyAndDecodeNotification`, …), the first place.
    public var jwsValidation: SourceLocation?

    public init(sites: [Site] = [], jwsValidation: SourceLocation? = nil) {
        self.sites = sites
        self.jwsValidation = jwsValidation
    }

    public var isEmpty: Bool { sites.isEmpty }

    /// The first site of each of `types`, in the order given.
    public func sites(of types: [String]) -> [Site] {
        types.compactMap { type in sites.first { $0.type == type } }
    }

    /// The V2 notification types (and the V1 names still in use), as Apple spells them.
    public static let types = [
        "SUBSCRIBED", "DID_RENEW", "DID_FAIL_TO_RENEW", "GRACE_PERIOD_EXPIRED", "EXPIRED", "REFUND", "REFUND_DECLINED",
        "REFUND_REVERSED", "REVOKE", "DID_CHANGE_RENEWAL_PREF", "DID_CHANGE_RENEWAL_STATUS", "OFFER_REDEEMED",
        "ONE_TIME_CHARGE", "CONSUMPTION_REQUEST", "RENEWAL_EXTENDED", "PRICE_INCREASE", "DID_RECOVER", "INITIAL_BUY",
        "INTERACTIVE_RENEWAL",
    ]
    /// The same in Swift (Apple's App Store Server Library: `NotificationTypeV2.didRenew`).
    static let swiftTypes: [(name: String, type: String)] = [
        ("subscribed", "SUBSCRIBED"), ("didRenew", "DID_RENEW"), ("didFailToRenew", "DID_FAIL_TO_RENEW"),
        ("gracePeriodExpired", "GRACE_PERIOD_EXPIRED"), ("expired", "EXPIRED"), ("refund", "REFUND"),
        ("refundDeclined", "REFUND_DECLINED"), ("refundReversed", "REFUND_REVERSED"), ("revoke", "REVOKE"),
        ("didChangeRenewalPref", "DID_CHANGE_RENEWAL_PREF"), ("didChangeRenewalStatus", "DID_CHANGE_RENEWAL_STATUS"),
        ("offerRedeemed", "OFFER_REDEEMED"), ("oneTimeCharge", "ONE_TIME_CHARGE"), ("consumptionRequest", "CONSUMPTION_REQUEST"),
    ]

    /// A file handles notifications only when it names one of these: the distinctive types, or
    /// the payload's fields. "REFUND" or "EXPIRED" alone is any enum.
    static let anchors = [
        "DID_RENEW", "DID_FAIL_TO_RENEW", "GRACE_PERIOD_EXPIRED", "DID_CHANGE_RENEWAL", "OFFER_REDEEMED", "CONSUMPTION_REQUEST",
        "notificationType", "notification_type", "signedPayload", "signed_payload", "NotificationTypeV2",
    ]
    /// Server-side verification of signed data.
    static let validators = [
        "SignedDataVerifier", "verifyAndDecodeNotification", "verifyAndDecodeTransaction", "verifyAndDecodeRenewalInfo",
        "verify_and_decode_notification", "verify_and_decode_signed_transaction", "JWSTransactionDecodedPayload",
    ]
    /// Swift identifiers that mark a file worth reading for notifications (name filter).
    /// (`notificationType` alone is also a push notification's field in app code.)
    static let swiftAnchors = ["NotificationTypeV2", "signedPayload", "ResponseBodyV2DecodedPayload", "SignedDataVerifier", "verifyAndDecodeNotification", "verifyAndDecodeTransaction"]
    /// Whether a Swift file's bytes hold one of `swiftAnchors`: one that holds none names none
    /// of them (what the audit asks of a Swift file no app takes before it parses it). Each
    /// anchor is found by `memchr` on its rarest byte: one table pass over every byte (the
    /// anchors start with `s`, `v`, `N`, `R` and `S`) cost 5 instructions a byte.
    static func mayNameSwiftAnchor(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        swiftAnchorBytes.contains { anchor in
            anchor.withUnsafeBufferPointer { ASCIISearch.firstIndex(of: $0, inLongText: bytes) != nil }
        }
    }

    private static let swiftAnchorBytes = swiftAnchors.map { Array($0.utf8) }

    static let serverExtensions: Set<String> = ["py", "js", "mjs", "cjs", "ts", "go", "rb", "php", "java", "kt", "cs", "rs", "ex", "exs", "scala"]

    /// Whether a file of this name may be server code.
    public static func isServerSource(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        let ext = name[name.index(after: dot)...]
        return serverExtensions.contains(String(ext)) && !name.hasSuffix(".d.ts") && !name.hasSuffix(".min.js")
    }

    /// How many server files are read at most, and how much of each.
    static let maximumFilesRead = 5_000
    static let maximumBytesRead = 1 << 20

    /// Scans the Swift files (already loaded; only those whose names say so are read) and the
    /// server sources (read from `root`).
    public static func find(swiftFiles: [SwiftFile], serverSources: [String], root: URL?) -> ServerNotifications {
        var result = ServerNotifications()
        for file in swiftFiles where swiftAnchors.contains(where: { file.mentions($0) }) {
            result.scan(file.bytes, path: file.path, swift: true)
        }
        if let root {
            for relative in serverSources.prefix(maximumFilesRead) {
                let path = root.appendingPathComponent(relative).path
                guard let handle = FileHandle(forReadingAtPath: path) else { continue }
                defer { try? handle.close() }
                guard let data = try? handle.read(upToCount: maximumBytesRead), !data.isEmpty else { continue }
                result.scan([UInt8](data), path: relative, swift: false)
            }
        }
        result.sites.sort { ($0.location.file, $0.location.line, $0.location.column, $0.type) < ($1.location.file, $1.location.line, $1.location.column, $1.type) }
        return result
    }

    /// Scans one file's bytes (for tests and in-memory audits too).
    mutating func scan(_ bytes: [UInt8], path: String, swift: Bool) {
        bytes.withUnsafeBufferPointer { text in
            if jwsValidation == nil, let first = Self.validators.compactMap({ Self.firstWord($0, in: text) }).min() {
                jwsValidation = Self.location(of: first, in: text, path: path)
            }
            guard Self.anchors.contains(where: { Self.firstWord($0, in: text, wholeWord: false) != nil }) else { return }
            var names = Self.types.map { ($0, $0) }
            if swift { names += Self.swiftTypes.map { (".\($0.name)", $0.type) } }
            var found: [String: Int] = [:]
            for (name, type) in names {
                guard let offset = Self.firstWord(name, in: text) else { continue }
                let at = swift && name.hasPrefix(".") ? offset + 1 : offset
                if let earlier = found[type], earlier <= at { continue }
                found[type] = at
            }
            for (type, offset) in found {
                sites.append(Site(type: type, location: Self.location(of: offset, in: text, path: path)))
            }
        }
    }

    /// The first place `word` occurs in `text` with no letter, digit or underscore on either side
    /// (`REFUND` is not `REFUND_DECLINED`), or anywhere when `wholeWord` is false.
    static func firstWord(_ word: String, in text: UnsafeBufferPointer<UInt8>, wholeWord: Bool = true) -> Int? {
        let needle = Array(word.utf8)
        var result: Int?
        needle.withUnsafeBufferPointer { needle in
            ASCIISearch.forEachIndex(of: needle, inLongText: text) { index in
                if wholeWord {
                    let before = index == 0 ? UInt8(ascii: " ") : text[index - 1]
                    let after = index + needle.count < text.count ? text[index + needle.count] : UInt8(ascii: " ")
                    let leading = needle.first == UInt8(ascii: ".") ? false : isWordByte(before)
                    if leading || isWordByte(after) { return true }
                }
                result = index
                return false
            }
        }
        return result
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    static func location(of offset: Int, in text: UnsafeBufferPointer<UInt8>, path: String) -> SourceLocation {
        var line = 1
        var lineStart = 0
        for index in 0..<offset where text[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return SourceLocation(file: path, line: line, column: offset - lineStart + 1)
    }
}
