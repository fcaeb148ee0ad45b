import AuditCore
import Testing
@testable import AuditRules

/// The shared call graph follows a call to the method of the receiver's type where the source
/// says the type, and to every method of that name only where it does not.
@Suite struct CallGraphTests {
    static let sources = [
        ("Store.swift", """
            final class Store {
                let ledger: Ledger
                let analytics = Analytics()
                func handle(_ transaction: Transaction) async {
                    ledger.record(transaction.id)
                    await transaction.finish()
                }
                func report(_ something: Reporter) {
                    something.unknown.record(1)
                }
            }
            """),
        ("Ledger.swift", """
            struct Ledger {
                func record(_ id: UInt64) { UserDefaults.standard.set(true, forKey: "\\\\(id)") }
            }
            final class Analytics {
                func record(_ id: UInt64) { print(id) }
            }
            """),
    ]

    static func function(_ type: String, _ name: String, in project: Project) -> CallGraph.Function {
        for (fileIndex, file) in project.swiftFiles.enumerated() {
            for (index, declaration) in file.declarations.enumerated() where declaration.name == name && declaration.kind == .function {
                if file.enclosingType(of: declaration.keyword).map({ file.declarations[$0].name }) == type {
                    return CallGraph.Function(file: fileIndex, declaration: index)
                }
            }
        }
        Issue.record("no \(type).\(name)")
        return CallGraph.Function(file: 0, declaration: 0)
    }

    @Test func aTypedReceiverReachesOnlyItsTypesMethod() {
        let project = Project(swiftFiles: Self.sources.map { SwiftFile(path: $0.0, bytes: Array($0.1.utf8)) })
        let graph = CallGraph(project)
        let handle = Self.function("Store", "handle", in: project)
        let ledgerRecord = Self.function("Ledger", "record", in: project)
        let analyticsRecord = Self.function("Analytics", "record", in: project)
        let report = Self.function("Store", "report", in: project)

        #expect(graph.callees(of: handle, depth: 2) == [ledgerRecord])
        #expect(graph.callers(of: ledgerRecord, depth: 1) == [handle, report])
        // `something.unknown.record(1)`: the type is not written, so both methods may be called.
        #expect(graph.callees(of: report, depth: 1) == [ledgerRecord, analyticsRecord])
        #expect(graph.callers(of: analyticsRecord, depth: 1) == [report])
    }
}
