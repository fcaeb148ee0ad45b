/// One generated file: its path inside the corpus and its contents.
public struct CorpusFile: Sendable {
    public var path: String
    public var contents: [UInt8]
}

/// Writes a realistic app tree of a chosen size, the same for the same seed: an `@main` App,
/// feature modules with views, models, networking and long files, StoreKit code in the
/// shapes of the seeds in every third module (stores, paywalls, consumables, offers, legacy
/// code and the usual mistakes), `.storekit` configurations, string catalogs and paywall copy.
public struct CorpusGenerator {
    public var megabytes: Double
    public var seed: UInt64

    public init(megabytes: Double, seed: UInt64 = 42) {
        self.megabytes = megabytes
        self.seed = seed
    }

    /// The files, in the order they were generated; paths are `/`-separated and relative.
    public func files() -> [CorpusFile] {
        var state = State(random: SeededGenerator(seed: seed))
        let target = Int(megabytes * 1_000_000)
        var files: [CorpusFile] = []
        var total = 0
        func add(_ path: String, _ text: String) {
            let bytes = Array(text.utf8)
            total += bytes.count
            files.append(CorpusFile(path: path, contents: bytes))
        }
        add("App/\(state.appName)App.swift", state.appFile())
        add("Docs/PaywallCopy.md", state.paywallCopy())
        var module = 0
        while total < target {
            let name = "\(state.random.pick(Words.capitalized))Kit\(module)"
            let folder = "Modules/\(name)"
            let budget = min(target - total, 60_000 + state.random.below(200_000))
            var moduleBytes = 0
            if module % 3 == 0 {
                for (file, text) in state.storeKitFiles(module: module) {
                    add("\(folder)/Store/\(file)", text)
                    moduleBytes += text.utf8.count
                }
            }
            var fileNumber = 0
            while moduleBytes < budget {
                let folderName = state.random.pick(["Views", "Views", "Views", "Models", "Models", "Networking", "Support"])
                let text = state.appCodeFile(module: module, long: state.random.chance(4))
                add("\(folder)/\(folderName)/\(state.random.pick(Words.capitalized))\(fileNumber).swift", text)
                moduleBytes += text.utf8.count
                fileNumber += 1
            }
            if module % 4 == 0 { add("\(folder)/Resources/Localizable.xcstrings", state.stringCatalog(keys: 40 + state.random.below(80))) }
            if module % 10 == 0 { add("\(folder)/Resources/\(name).storekit", state.storeKitConfiguration(modules: module..<(module + 10))) }
            module += 1
        }
        return files
    }

    /// The whole corpus's size in bytes.
    public static func size(of files: [CorpusFile]) -> Int { files.reduce(0) { $0 + $1.contents.count } }
}

private struct State {
    var random: SeededGenerator
    var counter = 0
    let appName: String

    init(random: SeededGenerator) {
        self.random = random
        appName = self.random.pick(Words.capitalized) + self.random.pick(Words.capitalized)
    }

    mutating func render(_ template: String, module: Int) -> String {
        counter += 1
        return Template.render(template, module: module, instance: counter, random: &random)
    }

    func appFile() -> String {
        """
        import StoreKit
        import SwiftUI

        @main
        struct \(appName)App: App {
            // Store0 (module 0) starts listening to Transaction.updates in its initializer.
            @StateObject private var store = Store0()
            @Environment(\\.scenePhase) private var scenePhase

            var body: some Scene {
                WindowGroup {
                    ContentView()
                        .environmentObject(store)
                        .task { await store.loadProducts() }
                }
                .onChange(of: scenePhase) { _, phase in
                    if phase == .active { Task { await store.refreshEntitlements() } }
                }
            }
        }

        struct ContentView: View {
            var body: some View { TabView { Text("Home").tabItem { Label("Home", systemImage: "house") } } }
        }

        """
    }

    mutating func storeKitFiles(module: Int) -> [(String, String)] {
        var files: [(String, String)] = []
        files.append(("ProductID.swift", render(StoreKitTemplates.productIDs, module: module)))
        let store = render(StoreKitTemplates.store, module: module)
        files.append(("Store.swift", store))
        for (index, template) in StoreKitTemplates.all.enumerated() where random.chance(index < 2 ? 70 : 30) {
            files.append(("StoreKit\(index).swift", render(template, module: module)))
        }
        return files
    }

    mutating func appCodeFile(module: Int, long: Bool) -> String {
        var text = random.pick(["import SwiftUI\n\n", "import Foundation\n\n", "import Foundation\nimport SwiftUI\n\n"])
        let pieces = long ? 20 + random.below(40) : 1 + random.below(4)
        for _ in 0..<pieces {
            text += render(random.pick(AppCodeTemplates.all), module: module)
        }
        return text
    }

    mutating func stringCatalog(keys: Int) -> String {
        let locales = ["de", "es", "fr", "ja"]
        var entries: [String] = []
        for _ in 0..<keys {
            let key = Words.sentence(&random)
            var localizations: [String] = []
            for locale in locales where random.chance(90) {
                localizations.append("""
                        "\(locale)" : {
                          "stringUnit" : {
                            "state" : "translated",
                            "value" : "\(Words.sentence(&random))"
                          }
                        }
                """)
            }
            entries.append("""
                "\(key) \(counter)" : {
                  "comment" : "\(Words.sentence(&random))",
                  "localizations" : {
            \(localizations.joined(separator: ",\n"))
                  }
                }
            """)
            counter += 1
        }
        return "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\(entries.joined(separator: ",\n"))\n  },\n  \"version\" : \"1.0\"\n}\n"
    }

    mutating func storeKitConfiguration(modules: Range<Int>) -> String {
        func localizations(_ name: String, _ locales: [String]) -> String {
            locales.map { locale in
                """
                        {
                          "description" : "\(name): every feature, in \(locale)",
                          "displayName" : "\(name)",
                          "locale" : "\(locale)"
                        }
                """
            }.joined(separator: ",\n")
        }
        var products: [String] = []
        var groups: [String] = []
        for module in modules where module % 3 == 0 {
            let id = "com.example.app.m\(module)"
            products.append("""
                    {
                      "displayPrice" : "0.99",
                      "familyShareable" : false,
                      "internalID" : "\(7_000_000 + module)",
                      "localizations" : [
                \(localizations("100 Coins", ["en_US", "de", "es", "fr", "ja"]))
                      ],
                      "productID" : "\(id).coins100",
                      "referenceName" : "Coins \(module)",
                      "type" : "Consumable"
                    },
                    {
                      "displayPrice" : "49.99",
                      "familyShareable" : true,
                      "internalID" : "\(8_000_000 + module)",
                      "localizations" : [
                \(localizations("Lifetime", ["en_US", "de", "es", "fr", "ja"]))
                      ],
                      "productID" : "\(id).lifetime",
                      "referenceName" : "Lifetime \(module)",
                      "type" : "NonConsumable"
                    }
            """)
            var subscriptions: [String] = []
            for (suffix, period, price) in [("monthly", "P1M", "4.99"), ("yearly", "P1Y", "39.99")] {
                subscriptions.append("""
                            {
                              "adHocOffers" : [],
                              "codeOffers" : [],
                              "displayPrice" : "\(price)",
                              "familyShareable" : false,
                              "groupNumber" : \(suffix == "monthly" ? 2 : 1),
                              "internalID" : "\(9_000_000 + module * 2 + (suffix == "monthly" ? 0 : 1))",
                              "introductoryOffer" : { "internalID" : "\(6_000_000 + module)", "paymentMode" : "free", "subscriptionPeriod" : "P1W" },
                              "localizations" : [
                        \(localizations("Plus \(suffix)", ["en_US", "de", "es", "fr", "ja"]))
                              ],
                              "productID" : "\(id).plus.\(suffix)",
                              "recurringSubscriptionPeriod" : "\(period)",
                              "referenceName" : "Plus \(suffix) \(module)",
                              "subscriptionGroupID" : "\(5_000_000 + module)",
                              "type" : "RecurringSubscription"
                            }
                """)
            }
            groups.append("""
                    {
                      "id" : "\(5_000_000 + module)",
                      "localizations" : [
                \(localizations("Plus", ["en_US", "de", "es", "fr", "ja"]))
                      ],
                      "name" : "Plus \(module)",
                      "subscriptions" : [
                \(subscriptions.joined(separator: ",\n"))
                      ]
                    }
            """)
        }
        return """
            {
              "identifier" : "\(4_000_000 + modules.lowerBound)",
              "nonRenewingSubscriptions" : [],
              "products" : [
            \(products.joined(separator: ",\n"))
              ],
              "settings" : { "_locale" : "en_US", "_storefront" : "USA" },
              "subscriptionGroups" : [
            \(groups.joined(separator: ",\n"))
              ],
              "version" : { "major" : 3, "minor" : 0 }
            }

            """
    }

    func paywallCopy() -> String {
        """
        # \(appName) Plus

        Everything in \(appName), without limits.

        ## Plans

        - Monthly: {monthly_price} per month
        - Yearly: {yearly_price} per year

        Plus renews automatically at the price shown until you cancel at least 24 hours before
        the end of the period. Manage or cancel in Settings.

        [Terms of Use](https://example.com/terms) · [Privacy Policy](https://example.com/privacy)

        """
    }
}

/// Fills a template's placeholders in one pass over its bytes.
enum Template {
    static func render(_ template: String, module: Int, instance: Int, random: inout SeededGenerator) -> String {
        var output: [UInt8] = []
        let bytes = Array(template.utf8)
        output.reserveCapacity(bytes.count + 256)
        var i = 0
        let open = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
        while i < bytes.count {
            if bytes[i] == open, i + 1 < bytes.count, bytes[i + 1] == open,
               let end = (i + 2..<bytes.count).first(where: { bytes[$0] == close }) {
                let name = String(decoding: bytes[(i + 2)..<end], as: UTF8.self)
                switch name {
                case "M": output += Array(String(module).utf8)
                case "I": output += Array(String(instance).utf8)
                case "Word": output += Array(random.pick(Words.capitalized).utf8)
                case "word": output += Array(random.pick(Words.lowercase).utf8)
                case "sentence": output += Array(Words.sentence(&random).utf8)
                default: output += bytes[i..<(end + 2)]
                }
                i = end + 2
            } else {
                output.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}

enum Words {
    static let lowercase = [
        "recipe", "habit", "journal", "photo", "track", "note", "budget", "workout", "plant", "podcast",
        "episode", "account", "profile", "album", "playlist", "lesson", "streak", "reminder", "garden", "trip",
        "route", "invoice", "receipt", "ledger", "chapter", "library", "widget", "filter", "layer", "canvas",
        "timer", "session", "goal", "meal", "ingredient", "shelf", "card", "deck", "score", "badge",
    ]
    static let capitalized = lowercase.map { $0.prefix(1).uppercased() + $0.dropFirst() }

    static func sentence(_ random: inout SeededGenerator) -> String {
        let count = 5 + random.below(10)
        var words: [String] = []
        for index in 0..<count {
            let word = random.pick(lowercase)
            words.append(index == 0 ? word.prefix(1).uppercased() + word.dropFirst() : word)
        }
        return words.joined(separator: " ") + "."
    }
}
