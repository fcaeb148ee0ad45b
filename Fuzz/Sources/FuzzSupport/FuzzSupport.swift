import AuditCore
import CLibFuzzer

/// What every harness does with its input besides calling its own parser: the engine's whole
/// loading path for one file named `path` (decoding, loader, project indexes), exactly as an
/// audit of a repository holding that file would run it.
public func loadThroughEngine(_ bytes: [UInt8], path: String) -> AuditResult {
    let kind = FileKind.classify(path) ?? .swift
    return Auditor.audit(files: [InputFile(relativePath: path, kind: kind, contents: .success(bytes))], rules: [])
}

/// The fuzzer's input as an array (empty for a null pointer).
public func inputBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// An invariant of a parser's output. A violation aborts, which libFuzzer reports as a crash
/// with the input that caused it.
public func expect(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        fatalError("invariant violated: \(message())")
    }
}

/// Every location a parser reports must point into the file: line and column from 1.
public func expectValid(_ error: InputError, lineCount: Int) {
    expect(error.location.line >= 1 && error.location.column >= 1, "error at \(error.location): \(error.reason)")
    expect(error.location.line <= lineCount, "error at line \(error.location.line) of a \(lineCount)-line file: \(error.reason)")
    expect(!error.reason.isEmpty, "an error without a reason at \(error.location)")
}

/// Lines in `bytes` as the loaders count them (LF, CR LF or CR end a line), at least 1.
public func lineCount(_ bytes: [UInt8]) -> Int {
    var lines = 1
    var index = 0
    while index < bytes.count {
        if bytes[index] == 0x0A {
            lines += 1
        } else if bytes[index] == 0x0D {
            lines += 1
            if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
        }
        index += 1
    }
    return lines
}

/// Runs libFuzzer with the process's arguments over `harness`. SwiftPM gives every executable
/// its own `main`, so the harnesses start libFuzzer's driver from there instead of using the
/// `main` that `-sanitize=fuzzer` would link.
public func runFuzzer(_ harness: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    return LLVMFuzzerRunDriver(&argc, &argv, harness)
}
