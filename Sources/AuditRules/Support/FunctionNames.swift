import AuditCore

extension Project {
    /// The names written after `func` anywhere in the project (backticks removed): every
    /// function declaration's name is one of them. Found from the tokens alone, so a rule that
    /// follows calls into the functions they name can skip a callee the app does not declare
    /// (`print`, `Task`) without building the tree of every file that mentions it.
    var declaredFunctionNames: Set<String> { declaredNameSets.functions }

    /// The names written after `func`, `var` or `let`: those of every function and variable
    /// declaration (initializers are all named `init`).
    var declaredNames: Set<String> { declaredNameSets.all }

    /// The names written after `struct`: those of every struct declaration.
    var declaredStructNames: Set<String> { declaredNameSets.structs }

    private var declaredNameSets: DeclaredNames {
        fact(DeclaredNames.self) {
            var names = DeclaredNames()
            for file in swiftFiles {
                let code = file.code
                var i = 0
                while i + 1 < code.count {
                    if code[i].kind == .identifier, Int(code[i].end - code[i].start) <= 6 {
                        if file.tokenIs(i, "func") {
                            let name = file.identifierText(i + 1)
                            names.functions.insert(name)
                            names.all.insert(name)
                        } else if file.tokenIs(i, "var") || file.tokenIs(i, "let") {
                            names.all.insert(file.identifierText(i + 1))
                        } else if file.tokenIs(i, "struct") {
                            names.structs.insert(file.identifierText(i + 1))
                        }
                    }
                    i += 1
                }
            }
            return names
        }
    }
}

/// The `declaredNames` fact, also its name.
private struct DeclaredNames: Sendable {
    var functions = Set<String>()
    var all = Set<String>()
    var structs = Set<String>()
}
