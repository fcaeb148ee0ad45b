import AuditCore
import Foundation

/// A price the App Store listing states that no product has: customers and App Review read
/// the listing as the offer, and a price the store does not charge is misleading metadata.
public struct ListingPriceMismatchRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "listing_price_mismatch",
        title: "Prices in the App Store listing match the products",
        severity: .warning,
        scope: .listing,
        rationale: """
            A subscription app often states its prices in the description ("Pro is $4.99 a month \
            or $39.99 a year; prices may vary by location"). That is fine while they are the \
            products' prices; once a price changes in App Store Connect and not in the listing, \
            the metadata misleads customers (Guideline 2.3) and App Review rejects it. The rule \
            compares every amount the listing's text fields write in the currency of a StoreKit \
            configuration's storefront (USA when it names none) with the prices of that \
            configuration's products and offers. Amounts in other currencies, amounts without a \
            currency, savings ("save $10") and a product's price spread over months, weeks or \
            days beside it on the same line ("$39.99 a year, just $3.33 a month") are not judged.
            """,
        fix: "Correct the price in the listing, or leave prices out of it and write \"prices may vary by location\" beside the terms.",
        reference: "App Review Guideline 2.3 (accurate metadata) and 3.1.2",
        changeScope: .lineOrAnyFile([.storeListing, .storeKitConfiguration]),
        triggeringExamples: [
            RuleExample(files: [
                ("fastlane/metadata/en-US/description.txt", "Pro is ↓$5.99 a month or $39.99 a year.\n"),
                ListingExamples.subscriptions,
            ]),
            RuleExample(files: [
                ("fastlane/metadata/en-US/promotional_text.txt", "This week only: Pro Yearly for ↓USD 29.99!\n"),
                ListingExamples.subscriptions,
            ]),
            // A yearly price that is wrong beside a right monthly one.
            RuleExample(files: [
                ("fastlane/metadata/appleTV/en-US/description.txt", "Pro: $4.99/month or ↓$49.99/year.\n"),
                ListingExamples.subscriptions,
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample(files: [
                ("fastlane/metadata/en-US/description.txt", "Pro is $4.99 a month or $39.99 a year (prices may vary by location).\n"),
                ListingExamples.subscriptions,
            ]),
            // A per-month breakdown of the yearly price, and a saving.
            RuleExample(files: [
                ("fastlane/metadata/en-US/description.txt", "Yearly: $39.99 (just $3.33/month). Save $20 compared to monthly.\n"),
                ListingExamples.subscriptions,
            ]),
            // Another currency than the configuration's storefront.
            RuleExample(files: [
                ("fastlane/metadata/de-DE/description.txt", "Pro kostet 5,49 € im Monat.\n"),
                ListingExamples.subscriptions,
            ]),
            // No configuration to compare with.
            RuleExample(files: [("fastlane/metadata/en-US/description.txt", "Pro is $5.99 a month.\n")]),
            // Not an amount: a version and a percentage.
            RuleExample(files: [
                ("fastlane/metadata/en-US/release_notes.txt", "What's new in v4.99: 20% faster sync.\n"),
                ListingExamples.subscriptions,
            ]),
            RuleExample(files: [
                ("fastlane/metadata/en-US/description.txt", "Unlock everything once for $9.99.\n"),
                ListingExamples.oneTimePurchase,
            ]),
        ]
    )

    /// Currency symbols and codes by storefront (ISO 3166 alpha-3, as Xcode writes `_storefront`).
    static func currencies(ofStorefront storefront: String?) -> Set<String> {
        switch (storefront ?? "USA").uppercased() {
        case "USA": ["$", "US$", "USD"]
        case "CAN": ["$", "CA$", "C$", "CAD"]
        case "AUS": ["$", "A$", "AU$", "AUD"]
        case "NZL": ["$", "NZ$", "NZD"]
        case "GBR": ["£", "GBP"]
        case "JPN": ["¥", "円", "JPY"]
        case "CHE": ["CHF", "Fr."]
        case "DEU", "FRA", "ESP", "ITA", "NLD", "AUT", "BEL", "IRL", "PRT", "FIN", "GRC", "LUX", "SVK", "SVN", "EST", "LVA", "LTU", "CYP", "MLT", "HRV":
            ["€", "EUR"]
        default: []
        }
    }

    /// Words before an amount that make it a saving or a discount, not a price.
    static let savingWords = ["save", "saving", "savings", "off", "discount", "spare", "sparen", "spar", "économise", "économisez", "ahorra", "ahorre"]

    public func check(_ project: Project, into result: inout RuleResult) {
        let listings = StoreListing.of(project)
        guard !listings.isEmpty else {
            result.needsManualCheck(StoreListing.absentReason)
            return
        }
        // Prices by currency symbol: every product's and offer's price of each configuration.
        var prices: [String: [(value: Double, file: String)]] = [:]
        for configuration in project.storeKitConfigurations {
            // Spelled out step by step: as one chained expression it took the type checker 20 s.
            var values: [Double] = []
            for product in configuration.allProducts {
                let offerPrices: [String?] = product.subscription?.offers.map(\.displayPrice) ?? []
                for price in [product.displayPrice] + offerPrices {
                    if let price, let value = Double(price.trimmingCharacters(in: .whitespaces)), value > 0 { values.append(value) }
                }
            }
            for currency in Self.currencies(ofStorefront: configuration.settings.storefront) {
                prices[currency, default: []] += values.map { ($0, configuration.file) }
            }
        }
        guard !prices.isEmpty, prices.values.contains(where: { !$0.isEmpty }) else {
            result.notApplicable("No StoreKit configuration with prices to compare the listing's prices with.")
            return
        }
        var named = 0
        for field in listings.flatMap(\.fields) where !field.kind.isURL {
            for line in field.lines {
                let amounts = MoneyDetector.matches(in: line.text).compactMap { match in Self.amount(match, in: line.text).map { (match, $0) } }
                for (match, amount) in amounts {
                    guard let known = prices[amount.currency], !known.isEmpty else { continue }
                    named += 1
                    if known.contains(where: { abs($0.value - amount.value) < 0.005 }) { continue }
                    if Self.isSaving(match, in: line.text) { continue }
                    // A breakdown beside a product's price on the same line ("$39.99 (just $3.33/month)").
                    let besidePrice = amounts.contains { other in
                        other.1.currency == amount.currency && known.contains { abs($0.value - other.1.value) < 0.005 }
                            && Self.isBreakdown(amount.value, of: other.1.value)
                    }
                    if besidePrice { continue }
                    let configured = Array(Set(known.map { String(format: "%.2f", $0.value) })).sorted { Double($0)! < Double($1)! }
                    let files = Array(Set(known.map(\.file))).sorted().joined(separator: ", ")
                    let prefix = String(line.text.prefix(match.offset)).utf8.count
                    result.report(
                        at: field.location(of: line, utf8Offset: prefix),
                        "The \(field.locale) \(field.kind.rawValue.replacingOccurrences(of: "_", with: " ")) names \(match.text), but no product in \(files) costs \(String(format: "%.2f", amount.value)) (prices: \(configured.joined(separator: ", "))).")
                }
            }
        }
        if named == 0 {
            result.notApplicable("The App Store listing names no price in the StoreKit configuration's currency.")
        } else if result.findings.isEmpty {
            result.evidence(at: nil, "The \(ConfigurationWording.count(named, "price")) the App Store listing names match the StoreKit configuration's products.")
        }
    }

    /// The currency and value of a money match: "$4.99", "4,99 €", "USD 29.99"; nil without a currency.
    static func amount(_ match: MoneyDetector.Match, in text: String) -> (currency: String, value: Double)? {
        let written = match.text
        var digits = ""
        var currency = ""
        for character in written {
            if character.isASCIIDigitCharacter || character == "." || character == "," || character == "'" {
                digits.append(character)
            } else if !character.isWhitespace {
                currency.append(character)
            }
        }
        // A period suffix ("/month") is not the currency.
        if let slash = currency.firstIndex(of: "/") { currency = String(currency[..<slash]) }
        currency = currency.trimmingCharacters(in: CharacterSet.letters.inverted.subtracting(CharacterSet(charactersIn: "$€£¥円.")))
        guard !currency.isEmpty, !digits.isEmpty else { return nil }
        // The decimal separator: a last "." or "," followed by one or two digits.
        var normalized = digits.replacingOccurrences(of: "'", with: "")
        if let last = normalized.lastIndex(where: { $0 == "." || $0 == "," }), normalized.distance(from: last, to: normalized.endIndex) <= 3 {
            let whole = normalized[..<last].filter(\.isNumber)
            let fraction = normalized[normalized.index(after: last)...]
            normalized = whole + "." + fraction
        } else {
            normalized = normalized.filter(\.isNumber)
        }
        guard let value = Double(normalized) else { return nil }
        return (currency, value)
    }

    /// Whether `part` is `whole` spread over months, weeks or days of a year, or weeks of a month
    /// (rounded as prices are: within 3%).
    static func isBreakdown(_ part: Double, of whole: Double) -> Bool {
        guard part < whole, part > 0 else { return false }
        return [12, 52, 365, 4, 4.33].contains { abs(part * $0 - whole) <= whole * 0.03 }
    }

    static func isSaving(_ match: MoneyDetector.Match, in text: String) -> Bool {
        let before = String(text.prefix(match.offset)).lowercased()
        let words = before.split { !$0.isLetter }.suffix(3).map(String.init)
        let after = String(text.dropFirst(match.offset + match.text.count)).lowercased().split { !$0.isLetter }.prefix(1).map(String.init)
        return words.contains { savingWords.contains($0) } || after.contains("off")
    }
}

private extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
