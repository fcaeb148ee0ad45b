// Ordinary app code: the bulk of a real app, which the rules must read past quickly. Views,
// models, networking, deep nesting, big string literals, comments that mention StoreKit and
// prices (they must not count), regexes and raw strings.
//
// Placeholders, filled by `Template.render`: {{M}} the module's number, {{I}} a number unique
// in the corpus, {{Word}} / {{word}} a random word, {{sentence}} a random sentence.

enum AppCodeTemplates {
    static let all: [String] = [view, model, networking, viewModel, fixture, utilities, settings, dashboard, parser, legacyCode]

    static let view = #"""
        /// Shows a {{word}} list with search, sections and swipe actions.
        struct {{Word}}ListView{{I}}: View {
            @State private var query = ""
            @State private var items: [{{Word}}Item{{I}}] = []
            @State private var isLoading = false
            @Environment(\.dismiss) private var dismiss

            var body: some View {
                NavigationStack {
                    List {
                        Section("Recent") {
                            ForEach(filtered) { item in
                                HStack(alignment: .firstTextBaseline, spacing: 8) {
                                    Image(systemName: item.isFavorite ? "star.fill" : "star")
                                        .foregroundStyle(item.isFavorite ? .yellow : .secondary)
                                    VStack(alignment: .leading) {
                                        Text(item.title).font(.headline)
                                        Text("Updated \(item.updated.formatted(.relative(presentation: .named)))")
                                            .font(.caption)
                                            .foregroundStyle(.secondary)
                                    }
                                    Spacer()
                                    Text("\(item.count)").monospacedDigit()
                                }
                                .swipeActions {
                                    Button("Delete", role: .destructive) { remove(item) }
                                    Button("Pin") { pin(item) }.tint(.orange)
                                }
                            }
                        }
                        // {{sentence}}
                        Section { Text("{{sentence}}").font(.footnote) }
                    }
                    .searchable(text: $query)
                    .overlay { if isLoading { ProgressView() } }
                    .navigationTitle("{{Word}}")
                    .toolbar {
                        ToolbarItem(placement: .confirmationAction) { Button("Done") { dismiss() } }
                    }
                    .refreshable { await reload() }
                }
            }

            private var filtered: [{{Word}}Item{{I}}] {
                query.isEmpty ? items : items.filter { $0.title.localizedCaseInsensitiveContains(query) }
            }

            private func remove(_ item: {{Word}}Item{{I}}) { items.removeAll { $0.id == item.id } }
            private func pin(_ item: {{Word}}Item{{I}}) {
                guard let index = items.firstIndex(where: { $0.id == item.id }) else { return }
                items[index].isFavorite.toggle()
            }
            private func reload() async {
                isLoading = true
                defer { isLoading = false }
                try? await Task.sleep(for: .milliseconds(200))
            }
        }

        """#

    static let model = #"""
        /// A {{word}} as the server sends it. {{sentence}}
        struct {{Word}}Item{{I}}: Identifiable, Codable, Hashable, Sendable {
            var id: UUID
            var title: String
            var subtitle: String?
            var count: Int
            var rating: Double
            var tags: [String]
            var updated: Date
            var isFavorite: Bool

            enum CodingKeys: String, CodingKey {
                case id, title, subtitle, count, rating, tags
                case updated = "updated_at"
                case isFavorite = "is_favorite"
            }

            var summary: String {
                let tagList = tags.prefix(3).joined(separator: ", ")
                return "\(title) (\(count)) — \(tagList.isEmpty ? "untagged" : tagList)"
            }

            static let sample = {{Word}}Item{{I}}(
                id: UUID(), title: "{{Word}} {{I}}", subtitle: "{{sentence}}", count: {{I}},
                rating: 4.5, tags: ["{{word}}", "{{word}}"], updated: .now, isFavorite: false
            )
        }

        extension {{Word}}Item{{I}} {
            /// Sorts favourites first, then by rating, then by title.
            static func ordered(_ items: [Self]) -> [Self] {
                items.sorted { a, b in
                    if a.isFavorite != b.isFavorite { return a.isFavorite }
                    if a.rating != b.rating { return a.rating > b.rating }
                    return a.title.localizedStandardCompare(b.title) == .orderedAscending
                }
            }

            var ratingText: String { rating.formatted(.number.precision(.fractionLength(1))) }
        }

        """#

    static let networking = #"""
        enum {{Word}}ClientError{{I}}: Error, LocalizedError {
            case badStatus(Int)
            case decoding(Error)
            case offline

            var errorDescription: String? {
                switch self {
                case .badStatus(let code): "The server answered \(code)."
                case .decoding(let error): "Unexpected response: \(error.localizedDescription)"
                case .offline: "You appear to be offline."
                }
            }
        }

        /// Talks to the {{word}} endpoint with retries and exponential back-off.
        actor {{Word}}Client{{I}} {
            private let session: URLSession
            private let base = URL(string: "https://api.example.com/v{{M}}/{{word}}")
            private var cache: [String: Data] = [:]

            init(session: URLSession = .shared) { self.session = session }

            func fetch<T: Decodable>(_ type: T.Type, path: String, query: [String: String] = [:]) async throws -> T {
                guard let base else { throw {{Word}}ClientError{{I}}.offline }
                var components = URLComponents(url: base.appendingPathComponent(path), resolvingAgainstBaseURL: false)
                components?.queryItems = query.map { URLQueryItem(name: $0.key, value: $0.value) }.sorted { $0.name < $1.name }
                guard let url = components?.url else { throw {{Word}}ClientError{{I}}.offline }
                if let cached = cache[url.absoluteString] { return try decode(type, from: cached) }
                var attempt = 0
                while true {
                    do {
                        let (data, response) = try await session.data(from: url)
                        guard let http = response as? HTTPURLResponse else { throw {{Word}}ClientError{{I}}.offline }
                        guard (200..<300).contains(http.statusCode) else { throw {{Word}}ClientError{{I}}.badStatus(http.statusCode) }
                        cache[url.absoluteString] = data
                        return try decode(type, from: data)
                    } catch let error as URLError where error.code == .timedOut && attempt < 3 {
                        attempt += 1
                        try await Task.sleep(for: .seconds(Double(1 << attempt) * 0.25))
                    }
                }
            }

            private func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .iso8601
                decoder.keyDecodingStrategy = .convertFromSnakeCase
                do { return try decoder.decode(type, from: data) } catch { throw {{Word}}ClientError{{I}}.decoding(error) }
            }
        }

        """#

    static let viewModel = #"""
        /// Groups and scores {{word}} entries. Deliberately deep: real view models nest.
        @MainActor
        final class {{Word}}ViewModel{{I}}: ObservableObject {
            @Published private(set) var groups: [String: [Int]] = [:]
            @Published var filter: Filter = .all
            enum Filter: String, CaseIterable { case all, recent, starred, archived }

            func regroup(_ values: [Int], limit: Int) {
                var result: [String: [Int]] = [:]
                for value in values where value > 0 {
                    if value % 2 == 0 {
                        for divisor in 2...max(2, min(value, 9)) {
                            if value % divisor == 0 {
                                switch filter {
                                case .all:
                                    if divisor > 3 {
                                        while result["d\(divisor)", default: []].count < limit {
                                            result["d\(divisor)", default: []].append(value)
                                            if result.count > limit { break }
                                        }
                                    } else {
                                        result["small", default: []].append(value)
                                    }
                                case .recent, .starred:
                                    guard value > limit else { continue }
                                    result["big", default: []].append(value / divisor)
                                case .archived:
                                    do {
                                        let scaled = try scale(value, by: divisor)
                                        result["scaled", default: []].append(scaled)
                                    } catch {
                                        result["errors", default: []].append(-value)
                                    }
                                }
                            }
                        }
                    } else if value > 100 {
                        result["odd", default: []].append(value &* 3 &+ 1)
                    }
                }
                groups = result
            }

            private func scale(_ value: Int, by factor: Int) throws -> Int {
                guard factor != 0 else { throw CancellationError() }
                return value * factor
            }
        }

        """#

    static let fixture = ##"""
        /// Sample data for previews and the offline mode. {{sentence}}
        enum {{Word}}Fixtures{{I}} {
            static let json = """
                {
                  "items": [
                    { "id": "3F2504E0-4F89-11D3-9A0C-0305E82C33{{M}}", "title": "{{Word}}", "count": {{I}}, "rating": 4.5,
                      "tags": ["{{word}}", "{{word}}"], "updated_at": "2024-05-01T10:00:00Z", "is_favorite": true },
                    { "id": "3F2504E0-4F89-11D3-9A0C-0305E82C34{{M}}", "title": "{{Word}} \(1 + 1)", "count": 2, "rating": 3.0,
                      "tags": [], "updated_at": "2024-05-02T10:00:00Z", "is_favorite": false }
                  ],
                  "note": "Prices such as $4.99 in fixtures are not shown to anyone."
                }
                """

            static let html = #"""
                <html><head><title>{{Word}}</title></head>
                <body>
                  <p class="lead">{{sentence}}</p>
                  <p>Escapes stay as written: \n \t "quotes" and \#(interpolation) in a raw string.</p>
                  <ul>\#((1...3).map { "<li>\($0)</li>" }.joined())</ul>
                </body></html>
                """#

            static let csv = "id,title,count\n1,{{Word}},{{I}}\n2,{{word}},{{M}}\n3,\"quoted, with comma\",0\n"
            static let pattern = #/(?<key>[a-z]+)=(?<value>\d+)/#
            static let lines = ["{{sentence}}", "{{sentence}}", "{{sentence}}", "{{sentence}}"]
        }

        """##

    static let utilities = #"""
        // MARK: - {{Word}} helpers

        /* Formatting helpers shared by the {{word}} screens.
           Older versions showed Text("$9.99") here and listened to Transaction.updates
           in a view: both were removed, and this comment must not count as code.
           /* nested comments are legal Swift */ */
        extension String {
            /// Trims, collapses whitespace and caps the length at `limit` characters.
            func tidied{{I}}(limit: Int = 80) -> String {
                let words = split(whereSeparator: \.isWhitespace)
                let joined = words.joined(separator: " ")
                return joined.count > limit ? String(joined.prefix(limit - 1)) + "…" : joined
            }

            /// `true` for strings like "key=42".
            var isAssignment{{I}}: Bool { wholeMatch(of: #/[a-z]+=\d+/#) != nil }
        }

        extension Collection where Element: Numeric {
            /// The sum of the elements; {{sentence}}
            func total{{I}}() -> Element { reduce(0, +) }
        }

        func clamp{{I}}<T: Comparable>(_ value: T, _ range: ClosedRange<T>) -> T {
            min(max(value, range.lowerBound), range.upperBound) // keeps `value` inside `range`
        }

        func process{{I}}(_ items: [Int]) -> Int {
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

        """#

    static let settings = #"""
        struct {{Word}}SettingsView{{I}}: View {
            @AppStorage("{{word}}.notifications") private var notifications = true
            @AppStorage("{{word}}.theme") private var theme = "system"
            @State private var showsAbout = false

            var body: some View {
                Form {
                    Section("General") {
                        Toggle("Notifications", isOn: $notifications)
                        Picker("Theme", selection: $theme) {
                            Text("System").tag("system")
                            Text("Light").tag("light")
                            Text("Dark").tag("dark")
                        }
                    }
                    Section("About") {
                        Button("About {{Word}}") { showsAbout = true }
                        Link("Website", destination: URL(string: "https://example.com/{{word}}")!)
                        Text("Version \(Bundle.main.infoDictionary?["CFBundleShortVersionString"] as? String ?? "?")")
                    }
                }
                .sheet(isPresented: $showsAbout) {
                    VStack(spacing: 12) {
                        Text("{{sentence}}")
                        Text("{{sentence}}").font(.footnote)
                    }
                    .padding()
                }
            }
        }

        """#

    static let dashboard = #"""
        struct {{Word}}Dashboard{{I}}: View {
            let values: [Double]
            @State private var selection: Int?

            var body: some View {
                ScrollView {
                    LazyVGrid(columns: [GridItem(.adaptive(minimum: 120))], spacing: 12) {
                        ForEach(Array(values.enumerated()), id: \.offset) { index, value in
                            VStack {
                                Text(value, format: .number.precision(.fractionLength(2)))
                                    .font(.title2.monospacedDigit())
                                Text("Metric \(index + 1)").font(.caption).foregroundStyle(.secondary)
                            }
                            .frame(maxWidth: .infinity, minHeight: 80)
                            .background(selection == index ? Color.accentColor.opacity(0.2) : Color.gray.opacity(0.1), in: .rect(cornerRadius: 10))
                            .onTapGesture { withAnimation { selection = selection == index ? nil : index } }
                        }
                    }
                    .padding()
                }
                .task(id: values.count) { selection = nil }
            }
        }

        """#

    static let parser = #"""
        /// Parses the {{word}} export format: `key: value` lines, `#` comments, quoted values.
        struct {{Word}}Parser{{I}} {
            enum Token: Equatable { case key(String), value(String), comment(String), newline }

            func tokens(in text: String) -> [Token] {
                var result: [Token] = []
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    if trimmed.hasPrefix("#") {
                        result.append(.comment(String(trimmed.dropFirst())))
                    } else if let colon = trimmed.firstIndex(of: ":") {
                        result.append(.key(String(trimmed[..<colon])))
                        var value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                        if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
                        result.append(.value(value))
                    }
                    result.append(.newline)
                }
                return result
            }

            func dictionary(from text: String) -> [String: String] {
                var result: [String: String] = [:]
                var key: String?
                for token in tokens(in: text) {
                    switch token {
                    case .key(let k): key = k
                    case .value(let v): if let key { result[key] = v }
                    case .comment, .newline: break
                    }
                }
                return result
            }
        }

        """#

    static let legacyCode = #"""
        /// Kept for the widget extension, which still runs on iOS 15. {{sentence}}
        final class {{Word}}Coordinator{{I}}: NSObject {
            private var observers: [NSObjectProtocol] = []
            private let queue = OperationQueue()
            var onChange: ((String) -> Void)?

            override init() {
                super.init()
                queue.maxConcurrentOperationCount = 1
                observers.append(NotificationCenter.default.addObserver(forName: .init("{{word}}.changed"), object: nil, queue: queue) { [weak self] note in
                    guard let name = note.userInfo?["name"] as? String else { return }
                    DispatchQueue.main.async { self?.onChange?(name) }
                })
            }

            deinit { observers.forEach(NotificationCenter.default.removeObserver) }

            @objc func handleTap(_ sender: Any?) {
                let formatter = DateFormatter()
                formatter.dateStyle = .medium
                formatter.timeStyle = .short
                onChange?(formatter.string(from: Date()))
            }
        }

        """#
}
