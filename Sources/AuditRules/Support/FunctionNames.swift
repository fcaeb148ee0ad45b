import AuditCore

extension Project {
    /// Whether some `func NAME` may be written in the project: every function declaration's
    /// name follows `func`. Found from the tokens alone (as name hashes, so an answer of yes
    /// may rarely be wrong, never one of no), so a rule that follows calls into the functions
    /// they name can skip a callee the app does not declare (`print`, `Task`) without
    /// building the tree of every file that mentions it.
    func mayDeclareFunction(named name: String) -> Bool {
        declaredNameHashes.functions.mayContain(IdentifierIndex.hash(of: name))
    }

    /// Whether some `func`, `var` or `let` may declare `name` (initializers are all `init`).
    func mayDeclareFunctionOrVariable(named name: String) -> Bool {
        let hash = IdentifierIndex.hash(of: name)
        return declaredNameHashes.functions.mayContain(hash) || declaredNameHashes.variables.mayContain(hash)
    }

    /// Whether some `struct NAME` may be written in the project.
    func mayDeclareStruct(named name: String) -> Bool {
        declaredNameHashes.structs.mayContain(IdentifierIndex.hash(of: name))
    }

    private var declaredNameHashes: DeclaredNames {
        fact(DeclaredNames.self) {
            // Each file's name hashes on the project's workers, then one filter of each kind.
            let perFile = mapSwiftFiles { file in
                var functions: [UInt32] = []
                var variables: [UInt32] = []
                var structs: [UInt32] = []
                file.withTokenBuffers { t in
                    var i = 0
                    while i + 1 < t.count {
                        let length = t.length(i)
                        if t.kinds[i] == .identifier, length >= 3, length <= 6 {
                            let first = t.bytes[Int(t.starts[i])]
                            if first == UInt8(ascii: "f"), t.spells(i, "func") {
                                functions.append(file.identifierHash(i + 1))
                            } else if first == UInt8(ascii: "v") || first == UInt8(ascii: "l"), t.spells(i, "var") || t.spells(i, "let") {
                                variables.append(file.identifierHash(i + 1))
                            } else if first == UInt8(ascii: "s"), t.spells(i, "struct") {
                                structs.append(file.identifierHash(i + 1))
                            }
                        }
                        i += 1
                    }
                }
                return (functions, variables, structs)
            }
            return DeclaredNames(
                functions: HashFilter(bitCountLog2: 20, hashes: perFile.flatMap(\.0)),
                variables: HashFilter(bitCountLog2: 20, hashes: perFile.flatMap(\.1)),
                structs: HashFilter(bitCountLog2: 20, hashes: perFile.flatMap(\.2))
            )
        }
    }
}

/// The names after `func`, `var`/`let` and `struct`, as filters of their hashes (2^20 bits:
/// a false yes about one time in thirty for a hundred thousand names); also the fact's name.
private struct DeclaredNames: Sendable {
    var functions: HashFilter
    var variables: HashFilter
    var structs: HashFilter
}

extension SwiftFile {
    /// Whether one of `keywords` (`struct`, `class`, …) is followed by a name holding one of
    /// `words` (lower-case ASCII, compared with ASCII case folding): every type declaration
    /// is written so, so a file without one need not have its declarations built to say it
    /// declares no such type.
    func mayDeclareType(keywords: [StaticString], namedWithAnyOf words: [StaticString]) -> Bool {
        // An identifier is passed over on its length (a bit per keyword length) and its first
        // four bytes read as one word (every type keyword has four or more): most tokens cost
        // a few instructions, and only a keyword's spelling is compared in full.
        precondition(keywords.count <= 8, "at most eight keywords")
        var lengths: UInt64 = 0
        // The prefixes in a table of 16 slots (open addressing; an empty slot is 0, which no
        // identifier's first four bytes are).
        var prefixes = [UInt32](repeating: 0, count: 16)
        for keyword in keywords {
            let count = keyword.utf8CodeUnitCount
            precondition(count >= 4 && count < 64, "type keywords have 4 to 63 bytes")
            lengths |= 1 << UInt64(count)
            let prefix = UnsafeRawPointer(keyword.utf8Start).loadUnaligned(as: UInt32.self)
            var slot = Self.prefixSlot(prefix)
            while prefixes[slot] != 0, prefixes[slot] != prefix { slot = (slot + 1) & 15 }
            prefixes[slot] = prefix
        }
        return prefixes.withUnsafeBufferPointer { prefixes in withTokenBuffers { t in
            guard let base = t.bytes.baseAddress else { return false }
            let raw = UnsafeRawPointer(base)
            var i = 0
            while i + 1 < t.count {
                defer { i += 1 }
                guard t.kinds[i] == .identifier else { continue }
                let length = t.length(i)
                guard length < 64, lengths & (1 << UInt64(length)) != 0 else { continue }
                let prefix = raw.loadUnaligned(fromByteOffset: Int(t.starts[i]), as: UInt32.self)
                var slot = Self.prefixSlot(prefix)
                while prefixes[slot] != 0, prefixes[slot] != prefix { slot = (slot + 1) & 15 }
                guard prefixes[slot] == prefix, keywords.contains(where: { t.spells(i, $0) }) else { continue }
                let name = t.text(i + 1)
                if words.contains(where: { word in word.withUTF8Buffer { ASCIISearch.findFolded($0, in: name) } }) { return true }
            }
            return false
        } }
    }

    @inline(__always)
    private static func prefixSlot(_ prefix: UInt32) -> Int {
        Int((prefix &* 0x9E37_79B1) >> 28)
    }
}
