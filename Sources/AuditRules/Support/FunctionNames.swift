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

    /// Whether some `struct NAME` (or `class NAME`) may be written in the project.
    func mayDeclareStruct(named name: String) -> Bool {
        declaredNameHashes.structs.mayContain(IdentifierIndex.hash(of: name))
    }

    private var declaredNameHashes: DeclaredNames {
        fact(DeclaredNames.self) {
            // The names after the keywords were recorded as each file was loaded: a few per
            // file, instead of another walk over every token of the project.
            var names = DeclaredNames(
                functions: HashFilter(bitCountLog2: 20), variables: HashFilter(bitCountLog2: 20), structs: HashFilter(bitCountLog2: 20)
            )
            for file in swiftFiles {
                for name in file.keywordNames {
                    switch name.keyword {
                    case .func: names.functions.insert(name.hash)
                    case .var, .let: names.variables.insert(name.hash)
                    // Classes too: a UIKit screen's `UIView` subclasses are its helper views.
                    case .struct, .class: names.structs.insert(name.hash)
                    default: break
                    }
                }
            }
            return names
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
    /// `words` (lower-case ASCII words, folding case): every type declaration
    /// is written so, so a file without one need not have its declarations built to say it
    /// declares no such type.
    func mayDeclareType(keywords: [DeclarationKeyword], namedWithAnyOf words: ASCIINeedles) -> Bool {
        // The tokens after the keywords were recorded when the file was loaded; the words
        // are looked for in one pass over each name.
        let wanted = keywords.reduce(UInt32(0)) { $0 | 1 << UInt32($1.rawValue) }
        return withTokenBuffers { t in
            keywordNames.contains { name in
                wanted & 1 << UInt32(name.keyword.rawValue) != 0 && words.occur(in: t.text(Int(name.index)))
            }
        }
    }
}
