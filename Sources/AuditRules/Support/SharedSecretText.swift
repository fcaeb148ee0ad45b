/// What an App-Specific Shared Secret looks like, for every check that looks for one (Swift
/// literals, Objective-C literals and macros, property lists and build settings).
enum SharedSecretText {
    /// 32 hexadecimal digits: the form of an App-Specific Shared Secret.
    static func looksLikeSecret(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) || (0x41...0x46).contains($0) }
    }
}
