/// Turns one input file into its model, or an input error.
enum LoadedInput: Sendable {
    /// A Swift file: app code (previews blanked) or test code.
    case swift(SwiftFile, InputError?, isTest: Bool, hadPreviews: Bool)
    /// An Objective-C implementation file of the app (test code is left out).
    case objectiveC(ObjectiveCFile, InputError?)
    case copy(CopyDocument)
    case storeKit(StoreKitConfiguration)
    case catalog(StringCatalog)
    case strings(StringsFile)
    case stringsDictionary(StringsDictFile)
    case storeListing(StoreListingField)
    case failed(InputError)
    /// Read but not audited: an Objective-C test file.
    case notAudited

    /// The same file as test code: a file of a test target is never audited as the app's code.
    var asTest: LoadedInput {
        if case .swift(let file, let error, _, _) = self { return .swift(file, error, isTest: true, hadPreviews: false) }
        return self
    }

    func add(to project: inout Project) {
        switch self {
        case .swift(let file, let error, let isTest, let hadPreviews):
            if let error { project.inputErrors.append(error) }
            guard !file.isExcluded else { return }
            if isTest {
                project.testFiles.append(file)
            } else {
                if hadPreviews { project.filesWithPreviews.append(file.path) }
                project.swiftFiles.append(file)
            }
        case .objectiveC(let file, let error):
            if let error { project.inputErrors.append(error) }
            project.objectiveCFiles.append(file)
        case .copy(let document):
            project.copyDocuments.append(document)
        case .storeKit(let configuration):
            project.storeKitConfigurations.append(configuration)
        case .catalog(let catalog):
            project.stringCatalogs.append(catalog)
        case .strings(let file):
            project.stringsFiles.append(file)
        case .stringsDictionary(let file):
            project.stringsDictionaries.append(file)
        case .storeListing(let field):
            project.storeListing.append(field)
        case .failed(let error):
            project.inputErrors.append(error)
        case .notAudited:
            break
        }
    }
}

enum Loader {
    static func load(_ input: InputFile) -> LoadedInput {
        let bytes: [UInt8]
        switch input.contents {
        case .failure(let error): return .failed(error)
        case .success(let contents): bytes = contents
        }
        switch input.kind {
        case .swift:
            if TextDecoding.utf32ByteOrder(of: bytes) != nil {
                return .failed(InputError(file: input.relativePath, line: 1, column: 1,
                                          reason: "UTF-32 text: Swift source files must be UTF-8 (iconv -f UTF-32 -t UTF-8 converts it)"))
            }
            if TextDecoding.isUTF16(bytes) {
                // Its NUL bytes would otherwise call it binary, which is not what is wrong.
                return .failed(InputError(file: input.relativePath, line: 1, column: 1,
                                          reason: "UTF-16 text: Swift source files must be UTF-8 (iconv -f UTF-16 -t UTF-8 converts it)"))
            }
            let file = SwiftFile(path: input.relativePath, bytes: bytes)
            // Binary content, too deep nesting and unterminated literals are worth an input error;
            // the file is still audited unless it is binary or too deeply nested.
            let error = file.diagnostics.first.map { diagnostic in
                let location = file.location(ofOffset: diagnostic.offset)
                return InputError(file: input.relativePath, line: location.line, column: location.column, reason: diagnostic.message)
            }
            if file.isExcluded { return .swift(file, error, isTest: false, hadPreviews: false) }
            if ShippedCode.isTestFile(file) { return .swift(file, error, isTest: true, hadPreviews: false) }
            if let shipped = ShippedCode.withoutPreviews(file) { return .swift(shipped, error, isTest: false, hadPreviews: true) }
            return .swift(file, error, isTest: false, hadPreviews: false)
        case .objectiveC:
            if TextDecoding.utf32ByteOrder(of: bytes) != nil || TextDecoding.isUTF16(bytes) {
                return .failed(InputError(file: input.relativePath, line: 1, column: 1,
                                          reason: "UTF-16 or UTF-32 text: Objective-C sources are read as UTF-8 (iconv converts them)"))
            }
            let file = ObjectiveCFile(path: input.relativePath, bytes: bytes)
            // Unterminated literals and comments are worth an input error; the file is still read.
            // A NUL byte means it is not source text at all.
            let error = file.diagnostics.first.map { diagnostic in
                let position = file.lines.position(ofOffset: diagnostic.offset)
                return InputError(file: input.relativePath, line: position.line, column: position.column,
                                  reason: diagnostic.kind == .nulByte ? "NUL byte: this looks like a binary file, not Objective-C source" : diagnostic.message)
            }
            if file.diagnostics.contains(where: { $0.kind == .nulByte }) { return .failed(error!) }
            if ObjectiveCFile.isTestCode(file) { return .notAudited }
            return .objectiveC(file, error)
        case .copyDocument:
            if TextDecoding.utf32ByteOrder(of: bytes) != nil {
                return .failed(InputError(file: input.relativePath, line: 1, column: 1,
                                          reason: "UTF-32 text: copy documents must be UTF-8 Markdown or text (iconv -f UTF-32 -t UTF-8 converts it)"))
            }
            if let problem = SwiftLexer.firstEncodingProblem(in: bytes) {
                let location = SourceLocation(file: input.relativePath, line: LineTable(bytes).position(ofOffset: problem.offset).line,
                                              column: LineTable(bytes).position(ofOffset: problem.offset).column)
                return .failed(InputError(file: location.file, line: location.line, column: location.column,
                                          reason: "not UTF-8 text: copy documents must be UTF-8 Markdown or text"))
            }
            return .copy(CopyDocument(path: input.relativePath, text: String(decoding: bytes, as: UTF8.self)))
        case .storeKitConfiguration:
            do {
                return .storeKit(try StoreKitConfigurationLoader.load(bytes: bytes, file: input.relativePath))
            } catch {
                return .failed(error)
            }
        case .stringCatalog:
            do { return .catalog(try StringCatalogLoader.load(bytes: bytes, file: input.relativePath)) } catch { return .failed(error) }
        case .strings:
            do { return .strings(try StringsFileLoader.load(bytes: bytes, file: input.relativePath)) } catch { return .failed(error) }
        case .stringsDictionary:
            do { return .stringsDictionary(try StringsDictLoader.load(bytes: bytes, file: input.relativePath)) } catch { return .failed(error) }
        case .storeListing:
            do { return .storeListing(try StoreListingLoader.load(bytes: bytes, file: input.relativePath)) } catch { return .failed(error) }
        }
    }
}
