import AuditCore
import AuditRules
import BenchmarkCorpus
import Foundation

// Two jobs:
//
// `iap-audit-bench corpus MEGABYTES DIR [SEED]` writes a generated app tree (see
// `CorpusGenerator`) of about MEGABYTES into DIR, for Benchmarks/run.
//
// `iap-audit-bench rules DIR [REPETITIONS] [RULE ...]` times each rule (or the rules named) on
// its own, one core, slowest first, on a freshly loaded DIR (every app in it): where the rule
// stage's time goes, and for how many Swift files each rule had the lazily built tree and
// identifier index made; then the model stages (reading and lexing, shared facts, the rules'
// prepare) and the five most expensive of those and the rules, with their shares.
//
// `iap-audit-bench [MEGABYTES] [REPETITIONS]` measures the lexer and the syntax tree on one
// generated Swift file, and the whole rule run on the same bytes. The file is deterministic
// (seeded), mixing ordinary app code with StoreKit code, long string literals, comments and
// deep nesting.

/// The arguments of a command that reads a folder (`rules`, `discover`): after the command's
/// name, the folder, then how many repetitions (`defaultRepetitions` when not given), then
/// the rest. Prints `usage` and exits 2 without a folder.
func folderCommand(usage: String, defaultRepetitions: Int) -> (root: URL, repetitions: Int, words: [String]) {
    let words = Array(CommandLine.arguments.dropFirst(2))
    guard let folder = words.first else {
        FileHandle.standardError.write(Data("usage: \(usage)\n".utf8))
        exit(2)
    }
    let repetitions = words.count > 1 ? max(1, Int(words[1]) ?? defaultRepetitions) : defaultRepetitions
    return (URL(fileURLWithPath: folder).standardizedFileURL, repetitions, words)
}

if CommandLine.arguments.dropFirst().first == "rules" {
    let (root, repetitions, words) = folderCommand(usage: "iap-audit-bench rules DIR [REPETITIONS] [RULE ...]", defaultRepetitions: 3)
    func seconds(since start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
    // Every app of the folder (a folder of packages holds many), as the audit command runs them.
    func load() -> [Project] {
        Auditor.auditFolder(paths: [root], root: root, rules: [], options: AuditOptions(jobs: 1)).apps.map(\.project)
    }
    // The model stages before the rules: reading and lexing every file into projects, the
    // shared facts (`prepareSharedFacts`), and each rule's `prepare` (the facts it builds for
    // several rules), each on fresh projects, one core.
    var stages: [(id: String, time: Double)] = []
    var start = DispatchTime.now().uptimeNanoseconds
    var projects = load()
    stages.append(("stage: reading and lexing (\(projects.count) apps)", seconds(since: start)))
    start = DispatchTime.now().uptimeNanoseconds
    for project in projects { project.prepareSharedFacts() }
    stages.append(("stage: shared facts (name filter columns)", seconds(since: start)))
    let chosen = Set(words.dropFirst(2))
    let rules = BuiltInRules.all.filter { chosen.isEmpty || chosen.contains($0.description.identifier) }
    var prepared: [(id: String, time: Double)] = []
    for rule in rules {
        start = DispatchTime.now().uptimeNanoseconds
        for project in projects { rule.prepare(project) }
        prepared.append(("stage: prepare of \(rule.description.identifier)", seconds(since: start)))
    }
    // A prepare that builds nothing costs nothing: only those that took time are stages.
    stages += prepared.filter { $0.time > 0.0005 }
    // Each rule gets freshly loaded projects: a file's tree and identifier index are built on
    // first use, so the first run pays for those the rule asks for ("cold", with its own
    // prepare), and the count of files it made them for says how well the rule avoids files
    // that cannot concern it.
    var rows: [(id: String, cold: Double, warm: Double, trees: Int, indices: Int, findings: Int)] = []
    var files = 0
    for rule in rules {
        projects = load()
        for project in projects { project.prepareSharedFacts() }  // a stage of its own, above
        files = projects.reduce(0) { $0 + $1.swiftFiles.count }
        var times: [Double] = []
        var findings = 0
        for _ in 0..<repetitions {
            findings = 0
            start = DispatchTime.now().uptimeNanoseconds
            for project in projects {
                rule.prepare(project)
                var result = RuleResult(rule: rule.description)
                rule.check(project, into: &result)
                findings += result.findings.count
            }
            times.append(seconds(since: start))
        }
        let warm = times.count > 1 ? Array(times.dropFirst()).sorted()[(times.count - 1) / 2] : times[0]
        rows.append((rule.description.identifier, times[0], warm,
                     projects.reduce(0) { $0 + $1.swiftFiles.count { $0.isStructureBuilt } },
                     projects.reduce(0) { $0 + $1.swiftFiles.count { $0.isIndexBuilt } }, findings))
    }
    let total = rows.reduce(0) { $0 + $1.cold }
    print(String(format: "%d rules, %.3f s in all on first runs (%d Swift files in %d apps; warm: median of the %d later runs; one core)",
                 rows.count, total, files, projects.count, repetitions - 1))
    print("rule".padding(toLength: 36, withPad: " ", startingAt: 0) + "     first    share      warm   trees  indices  findings")
    for row in rows.sorted(by: { $0.cold > $1.cold }) {
        print(row.id.padding(toLength: 36, withPad: " ", startingAt: 0)
              + String(format: "%8.1f ms  %5.1f%%  %6.1f ms  %6d  %7d  %8d", row.cold * 1000, 100 * row.cold / max(total, 1e-9),
                       row.warm * 1000, row.trees, row.indices, row.findings))
    }
    // The five most expensive of the model stages and the rules' own work (a rule's first run
    // less what its prepare took on its own), as shares of all of it.
    let prepareTime = Dictionary(prepared.map { ($0.id, $0.time) }, uniquingKeysWith: +)
    var costs = stages.map { (id: $0.id, time: $0.time) }
    for row in rows {
        costs.append(("rule: \(row.id)", max(0, row.cold - (prepareTime["stage: prepare of \(row.id)"] ?? 0))))
    }
    let all = costs.reduce(0) { $0 + $1.time }
    print(String(format: "\nMost expensive rules and model stages (of %.3f s: stages once, rules without their prepare):", all))
    for cost in costs.sorted(by: { $0.time > $1.time }).prefix(5) {
        print("  " + cost.id.padding(toLength: 56, withPad: " ", startingAt: 0)
              + String(format: "%8.1f ms  %5.1f%%", cost.time * 1000, 100 * cost.time / max(all, 1e-9)))
    }
    exit(0)
}

// Finding the files alone (`Discovery.discover`, the serial start of every audit), one job and
// two taking turns in one process: medians, and the speedup two jobs give.
if CommandLine.arguments.dropFirst().first == "discover" {
    let (root, repetitions, _) = folderCommand(usage: "iap-audit-bench discover DIR [REPETITIONS]", defaultRepetitions: 21)
    var times: [Int: [Double]] = [1: [], 2: []]
    var found = 0
    for _ in 0..<repetitions {
        for jobs in [1, 2] {
            let start = DispatchTime.now().uptimeNanoseconds
            found = Discovery.discover(paths: [root], root: root, jobs: jobs).files.count
            times[jobs]!.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    let one = median(times[1]!), two = median(times[2]!)
    print(String(format: "discover: %d files; 1 job %.2f ms, 2 jobs %.2f ms (medians of %d, taking turns): %.2f x", found, one, two, repetitions, one / two))
    exit(0)
}

if CommandLine.arguments.dropFirst().first == "corpus" {
    let words = Array(CommandLine.arguments.dropFirst(2))
    guard words.count >= 2, let size = Double(words[0]), size > 0 else {
        FileHandle.standardError.write(Data("usage: iap-audit-bench corpus MEGABYTES DIR [SEED]\n".utf8))
        exit(2)
    }
    let seed = words.count > 2 ? UInt64(words[2]) ?? 42 : 42
    let root = URL(fileURLWithPath: words[1])
    let files = CorpusGenerator(megabytes: size, seed: seed).files()
    do {
        for file in files {
            let url = root.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.contents).write(to: url)
        }
    } catch {
        FileHandle.standardError.write(Data("iap-audit-bench: cannot write the corpus: \(error.localizedDescription)\n".utf8))
        exit(1)
    }
    print("\(files.count) files, \(CorpusGenerator.size(of: files)) bytes")
    exit(0)
}

let snippets: [String] = [
    """
    /// A store that owns products and entitlements.
    @MainActor @Observable final class Store\\(n) {
        private(set) var products: [Product] = []
        private var updates: Task<Void, Never>?
        init() {
            updates = Task { [weak self] in
                for await result in Transaction.updates {
                    guard case .verified(let transaction) = result else { continue }
                    await self?.refresh()
                    await transaction.finish()
                }
            }
        }
        func refresh() async {
            var owned = Set<String>()
            for await result in Transaction.currentEntitlements {
                if case .verified(let t) = result, t.revocationDate == nil { owned.insert(t.productID) }
            }
            print("owned \\(owned.count) products: \\(owned.sorted().joined(separator: ", "))")
        }
    }

    """,
    """
    struct ProfileView\\(n): View {
        @State private var name = ""
        @State private var isEditing = false
        var body: some View {
            NavigationStack {
                Form {
                    Section("Profile") {
                        TextField("Name", text: $name)
                        Toggle("Editing", isOn: $isEditing)
                        Text("Member since \\(Date.now.formatted(date: .abbreviated, time: .omitted))")
                    }
                    /* Settings section: kept for later
                       Text("$4.99") */
                    Section { Button("Sign out", role: .destructive) { signOut() } }
                }
                .navigationTitle("Profile")
            }
        }
        private func signOut() { isEditing = false; name = "" }
    }

    """,
    """
    enum API\\(n) {
        static let base = URL(string: "https://api.example.com/v2")!
        static func request(_ path: String, query: [String: String] = [:]) -> URLRequest {
            var components = URLComponents(url: base.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
            components.queryItems = query.map { URLQueryItem(name: $0.key, value: $0.value) }.sorted { $0.name < $1.name }
            let pattern = #/v(\\d+)\\.(\\d+)/#
            _ = path.firstMatch(of: pattern)
            return URLRequest(url: components.url!)
        }
        static let template = \"\"\"
            Dear customer,
            your receipt for order #\\(n) is attached. "Quotes" and \\\\backslashes\\\\ survive.
            \"\"\"
    }

    """,
    """
    func process\\(n)(_ items: [Int]) -> Int {
        var total = 0
        for item in items where item % 2 == 0 {
            if item > 10 {
                switch item {
                case 11...20: total += item * 2
                case 21...: total += item / 3
                default: break
                }
            } else { total -= item }
        }
        return total // sum of the even items, weighted
    }

    """,
]

let arguments = CommandLine.arguments.dropFirst()
let megabytes = Double(arguments.first ?? "20") ?? 20
let repetitions = Int(arguments.dropFirst().first ?? "5") ?? 5
var generator = SeededGenerator(seed: 42)
var text = "import StoreKit\nimport SwiftUI\n\n"
var n = 0
while Double(text.utf8.count) < megabytes * 1_000_000 {
    let snippet = snippets[Int(generator.next() % UInt64(snippets.count))]
    text += snippet.replacingOccurrences(of: "\\(n)", with: String(n))
    n += 1
}
let bytes = Array(text.utf8)
let size = Double(bytes.count) / 1_000_000
// `iap-audit-bench MEGABYTES REPETITIONS --write FILE` also writes the generated file, to
// profile or to time rule by rule (`rules DIR`).
if let flag = arguments.firstIndex(of: "--write"), arguments.index(after: flag) < arguments.endIndex {
    let path = arguments[arguments.index(after: flag)]
    do { try Data(bytes).write(to: URL(fileURLWithPath: path)) } catch {
        FileHandle.standardError.write(Data("iap-audit-bench: cannot write \(path): \(error)\n".utf8))
        exit(1)
    }
    // With no repetitions (`iap-audit-bench 50 0 --write FILE`), only the file: Benchmarks/run's big input.
    if repetitions == 0 { exit(0) }
}

func measure(_ label: String, _ body: () -> Int) {
    var times: [Double] = []
    var check = 0
    for _ in 0..<repetitions {
        let start = DispatchTime.now().uptimeNanoseconds
        check &+= body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    times.sort()
    let median = times[times.count / 2]
    let padded = label.padding(toLength: 24, withPad: " ", startingAt: 0)
    print(padded + String(format: "%8.1f MB/s   median %.3f s over %d runs", size / median, median, repetitions) + (check == 0 ? "" : ""))
}

print(String(format: "Generated %.1f MB of Swift in one file", size))
measure("lexer (tokens)") { SwiftLexer.tokenize(bytes).tokens.count }
measure("lexer + syntax tree") { SwiftFile(path: "Generated.swift", bytes: bytes).declarations.count }
measure("full audit, all rules") {
    Auditor.audit(files: [InputFile(relativePath: "Generated.swift", kind: .swift, contents: .success(bytes))],
                  rules: BuiltInRules.all, options: AuditOptions(jobs: 1)).findings.count
}
