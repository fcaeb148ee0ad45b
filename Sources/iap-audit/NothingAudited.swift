import AuditCore
import Foundation

/// The one line for a run that found nothing to audit: no Swift source and no StoreKit
/// configuration in any app. Such a run is never "ready for review".
enum NothingAudited {
    /// Other languages an app's purchase code is written in, by the files that show it.
    private static let languages: [(marker: String, name: String)] = [
        ("pubspec.yaml", "Flutter (Dart)"),
        ("package.json", "JavaScript (React Native or Capacitor)"), (".cs", "C# (Unity or .NET)"),
        (".kt", "Kotlin"), (".java", "Java"),
    ]

    static func message(root: URL, shown: String, apps: [AuditResult]) -> String {
        let names = apps.map(\.scope.app.name).filter { !$0.isEmpty }
        let what = names.isEmpty ? shown : "\(names.joined(separator: ", ")) (\(shown))"
        var message = "nothing to audit in \(what): no Swift or Objective-C source (*.swift, *.m, *.mm) and no StoreKit configuration (*.storekit) was found"
        if let skipped = apps.first?.scope.skipped, !skipped.isEmpty {
            message += " outside the \(skipped.count) skipped folder\(skipped.count == 1 ? "" : "s") (build output, dependencies, exports)"
        }
        let found = otherLanguages(under: root)
        if !found.isEmpty {
            message += "; the app's code looks like \(found.joined(separator: " and ")), which iap-audit does not read"
        } else {
            message += "; give the folder of the app's Xcode project or sources"
        }
        return message
    }

    /// The languages whose files stand in the folder (at most a few thousand entries looked at).
    static func otherLanguages(under root: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var found: [String] = []
        var looked = 0
        while let entry = walker.nextObject() as? String, looked < 20_000 {
            looked += 1
            let name = (entry as NSString).lastPathComponent
            if name == "node_modules" || name == "Pods" || name == ".git" { walker.skipDescendants(); continue }
            for (marker, language) in languages where !found.contains(language) {
                if marker.hasPrefix(".") ? name.hasSuffix(marker) : name == marker { found.append(language) }
            }
        }
        return found
    }
}

/// The folder a report of one app is written to when the audited folder holds several.
enum AppFolderName {
    static func make(_ name: String) -> String {
        let allowed = name.unicodeScalars.map { scalar -> Character in
            CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_" || scalar == "." ? Character(scalar) : "-"
        }
        var slug = String(allowed)
        while slug.contains("--") { slug = slug.replacingOccurrences(of: "--", with: "-") }
        slug = slug.trimmingCharacters(in: CharacterSet(charactersIn: "-."))
        return slug.isEmpty ? "app" : slug
    }
}
