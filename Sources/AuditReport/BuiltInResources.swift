import Foundation

/// Templates and checklists shipped inside the binary (see Plugins/EmbedResources).
public enum BuiltInResources {
    /// Every embedded file, keyed by "Templates/report.html", "Checklists/storekit-review.md", ...
    public static let files: [String: String] = {
        var files: [String: String] = [:]
        for (key, base64) in EmbeddedResources.base64Files {
            if let data = Data(base64Encoded: base64) {
                files[key] = String(decoding: data, as: UTF8.self)
            }
        }
        return files
    }()

    public static func file(_ key: String) -> String? { files[key] }
}
