import Foundation

/// Reads the build description's files found by discovery. A project file that cannot be read
/// or parsed is an input error naming its line and column; the audit goes on without it.
enum BuildDescriptionLoader {
    static func load(_ files: [BuildFile], root: URL, jobs: Int?, advanced: @Sendable () -> Void) -> BuildDescription {
        let rootPath = root.standardizedFileURL.path
        enum Loaded: Sendable {
            case project(XcodeProject), scheme(XcodeScheme), workspace(XcodeWorkspace), package(PackageManifest)
            case localizations(String, [String]), failed(InputError), nothing
        }
        let loaded: [Loaded] = parallelMap(files, jobs: jobs) { file in
            defer { advanced() }
            let bytes: [UInt8]
            switch Auditor.read(DiscoveredFile(path: file.path, relativePath: file.relativePath, kind: .swift)) {
            case .failure(let error): return .failed(error)
            case .success(let read): bytes = read
            }
            switch file.kind {
            case .xcodeProject:
                do {
                    return .project(try XcodeProject.load(bytes: bytes, file: file.relativePath, root: rootPath))
                } catch let error as XcodeProjectError {
                    return .failed(InputError(file: file.relativePath, line: error.position.line, column: error.position.column,
                                              reason: "the Xcode project cannot be read: \(error.reason); its targets are not known, so the folder is audited without them"))
                } catch {
                    return .nothing
                }
            case .scheme:
                return .scheme(XcodeScheme.load(bytes: bytes, file: file.relativePath))
            case .workspace:
                return .workspace(XcodeWorkspace.load(bytes: bytes, file: file.relativePath))
            case .packageManifest:
                return .package(PackageManifest.load(bytes: bytes, file: file.relativePath))
            case .infoPlist:
                guard let plist = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil) as? [String: Any],
                      let locales = plist["CFBundleLocalizations"] as? [String] else { return .nothing }
                return .localizations(file.relativePath, locales)
            }
        }
        var build = BuildDescription()
        for item in loaded {
            switch item {
            case .project(let project): build.projects.append(project)
            case .scheme(let scheme): build.schemes.append(scheme)
            case .workspace(let workspace): build.workspaces.append(workspace)
            case .package(let package): build.packages.append(package)
            case .localizations(let path, let locales): build.bundleLocalizations[path] = locales
            case .failed(let error): build.problems.append(error)
            case .nothing: break
            }
        }
        return build
    }
}
