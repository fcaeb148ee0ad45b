import Foundation

/// The character encodings the loaders accept. Xcode writes UTF-8; older `.strings` files are
/// often UTF-16, with or without a byte order mark.
public enum TextEncoding: Sendable, Hashable {
    case utf8
    case utf8WithByteOrderMark
    case utf16LittleEndian
    case utf16BigEndian
}

/// A file's text as UTF-8 bytes, ready for a byte parser. `start` skips a UTF-8 byte order
/// mark without copying the file.
struct UTF8Text {
    var bytes: [UInt8]
    var start: Int
    var encoding: TextEncoding

    /// Skips U+FEFF repeated after the byte order mark: Xcode writes `.strings` files that
    /// start with two (`FF FE FF FE` in UTF-16), and Foundation reads them.
    mutating func skipRepeatedByteOrderMarks() {
        while start + 3 <= bytes.count, bytes[start] == 0xEF, bytes[start + 1] == 0xBB, bytes[start + 2] == 0xBF {
            start += 3
        }
    }
}

/// Turns a file's raw bytes into UTF-8 text, or explains why it is not text at all.
///
/// UTF-16 input is transcoded up front so that every parser only needs to handle UTF-8. The
/// transcoding keeps every line break, so line numbers stay those of the original file;
/// columns then count UTF-8 bytes of the transcoded line, which is what `SourceLocation` asks for.
enum TextDecoding {
    /// How many leading bytes to inspect for NUL bytes; the same window git uses to call a file
    /// binary.
    static let sniffLength = 8000

    static func utf8Text(from raw: [UInt8], file: String) throws(InputError) -> UTF8Text {
        if let bigEndian = utf32ByteOrder(of: raw) {
            throw InputError(
                file: file, line: 1, column: 1,
                reason: "the file is UTF-32 text (\(bigEndian ? "big" : "little") endian), which is not read; "
                    + "save it as UTF-8 or UTF-16 (iconv -f UTF-32 -t UTF-8 converts it)")
        }
        if raw.count >= 3, raw[0] == 0xEF, raw[1] == 0xBB, raw[2] == 0xBF {
            return UTF8Text(bytes: raw, start: 3, encoding: .utf8WithByteOrderMark)
        }
        if raw.count >= 2, raw[0] == 0xFF, raw[1] == 0xFE {
            let bytes = try transcodeUTF16(raw, from: 2, bigEndian: false, file: file)
            return UTF8Text(bytes: bytes, start: 0, encoding: .utf16LittleEndian)
        }
        if raw.count >= 2, raw[0] == 0xFE, raw[1] == 0xFF {
            let bytes = try transcodeUTF16(raw, from: 2, bigEndian: true, file: file)
            return UTF8Text(bytes: bytes, start: 0, encoding: .utf16BigEndian)
        }
        if let bigEndian = unmarkedUTF16ByteOrder(of: raw) {
            let bytes = try transcodeUTF16(raw, from: 0, bigEndian: bigEndian, file: file)
            return UTF8Text(
                bytes: bytes, start: 0, encoding: bigEndian ? .utf16BigEndian : .utf16LittleEndian)
        }
        let window = min(raw.count, sniffLength)
        var index = 0
        while index < window {
            if raw[index] == 0 {
                throw InputError(
                    file: file, line: 1, column: 1,
                    reason: "the file is binary, not text (it has a NUL byte at offset \(index)); "
                        + "expected UTF-8 or UTF-16 text")
            }
            index += 1
        }
        return UTF8Text(bytes: raw, start: 0, encoding: .utf8)
    }

    /// Whether `raw` is UTF-16 text, with a byte order mark or recognised by its NUL bytes.
    static func isUTF16(_ raw: [UInt8]) -> Bool {
        if raw.count >= 2, raw[0] == 0xFF && raw[1] == 0xFE || raw[0] == 0xFE && raw[1] == 0xFF { return true }
        return unmarkedUTF16ByteOrder(of: raw) != nil
    }

    /// Recognises UTF-32 text, with a byte order mark (`FF FE 00 00`, `00 00 FE FF`) or without
    /// one: every four bytes a code point below U+110000, nearly all of them below U+10000 (the
    /// two high bytes NUL) and not U+0000. Returns true for big endian, false for little endian.
    static func utf32ByteOrder(of raw: [UInt8]) -> Bool? {
        guard raw.count >= 4 else { return nil }
        if raw[0] == 0xFF, raw[1] == 0xFE, raw[2] == 0, raw[3] == 0 { return false }
        if raw[0] == 0, raw[1] == 0, raw[2] == 0xFE, raw[3] == 0xFF { return true }
        let window = min(raw.count, sniffLength) & ~3
        guard window >= 8, raw.count % 4 == 0 else { return nil }
        func looks(bigEndian: Bool) -> Bool {
            var basic = 0
            var offset = 0
            while offset < window {
                let (top, high, low) = bigEndian
                    ? (raw[offset], raw[offset + 1], raw[offset + 2] | raw[offset + 3])
                    : (raw[offset + 3], raw[offset + 2], raw[offset] | raw[offset + 1])
                guard top == 0, high <= 0x10, high != 0 || low != 0 else { return false }
                if high == 0 { basic += 1 }
                offset += 4
            }
            return basic * 4 >= (window / 4) * 3
        }
        if looks(bigEndian: false) { return false }
        if looks(bigEndian: true) { return true }
        return nil
    }

    /// Recognises UTF-16 without a byte order mark by where its NUL bytes fall: text that is
    /// mostly ASCII has a NUL in the high byte of nearly every code unit. Returns true for big
    /// endian, false for little endian, nil when the bytes do not look like UTF-16.
    ///
    /// At least a quarter of the code units must have a NUL in the same half. A few CJK
    /// characters (U+3000, U+4E00) put a NUL in the other half, so that half may have some too,
    /// but far fewer; binary data has NULs in both halves alike.
    static func unmarkedUTF16ByteOrder(of raw: [UInt8]) -> Bool? {
        let window = min(raw.count, sniffLength) & ~1
        guard window >= 2 else { return nil }
        var evenNULs = 0
        var oddNULs = 0
        let hasNUL = raw.withUnsafeBufferPointer { bytes in
            // No NUL at all, as in every UTF-8 source file: the C library's search says so fastest.
            bytes.baseAddress.map { memchr($0, 0, window) != nil } ?? false
        }
        guard hasNUL else { return nil }
        raw.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            var index = 0
            while index < window {
                // Eight bytes without a NUL at a time: all of any UTF-8 source file.
                if index + 8 <= window, !WordBytes.hasZeroByte(UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                    index += 8
                    continue
                }
                if bytes[index] == 0 { evenNULs += 1 }
                if bytes[index + 1] == 0 { oddNULs += 1 }
                index += 2
            }
        }
        let units = window / 2
        if oddNULs >= 2, oddNULs * 4 >= units, evenNULs * 4 <= oddNULs { return false }
        if evenNULs >= 2, evenNULs * 4 >= units, oddNULs * 4 <= evenNULs { return true }
        return nil
    }

    /// UTF-16 to UTF-8 over raw buffers: the large `.strings` tables of older apps are UTF-16,
    /// and appending each byte to an array (bounds and uniqueness checked) cost more than
    /// parsing them.
    static func transcodeUTF16(
        _ raw: [UInt8], from start: Int, bigEndian: Bool, file: String
    ) throws(InputError) -> [UInt8] {
        let count = raw.count
        // A code unit takes at most three UTF-8 bytes; a surrogate pair (two units) four.
        let capacity = max(0, count - start) / 2 * 3
        // Where the text breaks (the bytes written before it) and why; its line and column are
        // counted afterwards from the bytes written, so the loops below count no lines.
        var failure: (written: Int, reason: String)?
        if capacity == 0, count > start {
            failure = (0, "the file ends in the middle of a UTF-16 character (odd number of bytes)")
        }
        let output = [UInt8](unsafeUninitializedCapacity: capacity) { out, initialized in
            initialized = 0
            guard let target = out.baseAddress else { return }
            raw.withUnsafeBufferPointer { input in
                guard let base = input.baseAddress else { return }
                let source = UnsafeRawPointer(base)
                var written = 0
                var index = start

                func unit(at offset: Int) -> UInt32 {
                    bigEndian
                        ? UInt32(input[offset]) << 8 | UInt32(input[offset + 1])
                        : UInt32(input[offset + 1]) << 8 | UInt32(input[offset])
                }

                while index + 1 < count {
                    // Four ASCII code units at a time (nearly all of a table's text, line
                    // breaks included): their low bytes are the UTF-8, stored as one word.
                    while index + 8 <= count {
                        var word = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                        if bigEndian { word = (word & 0x00FF_00FF_00FF_00FF) << 8 | (word >> 8) & 0x00FF_00FF_00FF_00FF }
                        guard word & 0xFF80_FF80_FF80_FF80 == 0 else { break }
                        let packed = word & 0xFF | (word >> 8) & 0xFF00 | (word >> 16) & 0xFF_0000 | (word >> 24) & 0xFF00_0000
                        UnsafeMutableRawPointer(target + written).storeBytes(of: UInt32(truncatingIfNeeded: packed).littleEndian, as: UInt32.self)
                        written += 4
                        index += 8
                    }
                    guard index + 1 < count else { break }
                    var scalar = unit(at: index)
                    index += 2
                    if scalar < 0x80 {
                        target[written] = UInt8(truncatingIfNeeded: scalar)
                        written += 1
                        continue
                    }
                    if scalar >= 0xD800, scalar <= 0xDBFF {
                        guard index + 1 < count else {
                            failure = (written, "the file ends in the middle of a UTF-16 surrogate pair")
                            break
                        }
                        let low = unit(at: index)
                        guard low >= 0xDC00, low <= 0xDFFF else {
                            failure = (written, "invalid UTF-16: high surrogate U+\(UTF8Validation.hex(scalar, digits: 4)) "
                                + "is not followed by a low surrogate")
                            break
                        }
                        index += 2
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if scalar >= 0xDC00, scalar <= 0xDFFF {
                        failure = (written, "invalid UTF-16: low surrogate U+\(UTF8Validation.hex(scalar, digits: 4)) "
                            + "without a high surrogate before it")
                        break
                    }
                    if scalar < 0x800 {
                        target[written] = UInt8(truncatingIfNeeded: 0xC0 | (scalar >> 6))
                        target[written + 1] = UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F))
                        written += 2
                    } else if scalar < 0x10000 {
                        target[written] = UInt8(truncatingIfNeeded: 0xE0 | (scalar >> 12))
                        target[written + 1] = UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 6) & 0x3F))
                        target[written + 2] = UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F))
                        written += 3
                    } else {
                        target[written] = UInt8(truncatingIfNeeded: 0xF0 | (scalar >> 18))
                        target[written + 1] = UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 12) & 0x3F))
                        target[written + 2] = UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 6) & 0x3F))
                        target[written + 3] = UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F))
                        written += 4
                    }
                }
                if failure == nil, index < count {
                    failure = (written, "the file ends in the middle of a UTF-16 character (odd number of bytes)")
                }
                initialized = written
            }
        }
        if let failure {
            // Lines as the text counts them: LF, CR LF and a lone CR each end one; the column
            // is in UTF-8 bytes from the line's start.
            var line = 1
            var lineStart = 0
            var offset = 0
            while offset < failure.written {
                let byte = output[offset]
                offset += 1
                if byte == 0x0A || byte == 0x0D && !(offset < failure.written && output[offset] == 0x0A) {
                    line += 1
                    lineStart = offset
                }
            }
            throw InputError(file: file, line: line, column: failure.written - lineStart + 1, reason: failure.reason)
        }
        return output
    }

    static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(scalar))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | (scalar >> 6)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | (scalar >> 12)))
            output.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            output.append(UInt8(0xF0 | (scalar >> 18)))
            output.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            output.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }
}
