import AuditCore
import FuzzSupport

/// The build description: the OpenStep property list parser and the Xcode project model over
/// it (group paths, synchronized folders, target dependencies), and the scheme reader.
func fuzzProject(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = inputBytes(data, size)
    let lines = lineCount(bytes)
    do {
        let project = try XcodeProject.load(bytes: bytes, file: "App/App.xcodeproj/project.pbxproj", root: "/repo")
        for target in project.targets {
            // Every path is relative to the root, with no step out of it.
            for path in target.membership.files.union(target.membership.folders) {
                expect(!path.hasPrefix("/") && !path.split(separator: "/").contains(".."), "path \(path) of \(target.name)")
            }
        }
    } catch {
        expect(error.position.line >= 1 && error.position.column >= 1, "error at \(error.position): \(error.reason)")
        expect(error.position.line <= lines, "error at line \(error.position.line) of a \(lines)-line file: \(error.reason)")
        expect(!error.reason.isEmpty, "an error without a reason at \(error.position)")
    }
    let scheme = XcodeScheme.load(bytes: bytes, file: "App/App.xcodeproj/xcshareddata/xcschemes/App.xcscheme")
    if let configuration = scheme.storeKitConfiguration {
        expect(!configuration.hasPrefix("/") && !configuration.split(separator: "/").contains(".."), "scheme path \(configuration)")
    }
    return 0
}
