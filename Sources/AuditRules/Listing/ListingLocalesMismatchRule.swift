import AuditCore

/// The listing's languages against the app's and the products': a language the app ships with
/// no listing, a listing in a language the app does not ship, a listing language the products
/// have no names in.
public struct ListingLocalesMismatchRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "listing_locales_mismatch",
        title: "The App Store listing's languages match the app's and the products'",
        severity: .note,
        scope: .listing,
        rationale: """
            Customers read the listing in their language, then the app and its purchase sheet: \
            an app that ships German with no German listing shows German speakers the English \
            description and its English subscription terms; a listing in Japanese for an app \
            with no Japanese promises what the app does not give; and a listing language the \
            in-app purchases have no localization for shows their names in another language on \
            the product page and the purchase sheet. Languages are compared, not regions \
            (`en-US` serves `en`; `en-GB` and `en-US` are both English). The app's languages are \
            the shipped locales (`--locales`, the configuration, the Xcode project's known \
            regions, the string catalogs and `.lproj` folders); the products' are the StoreKit \
            configurations' localizations. Each listing folder gets at most one note of each \
            kind, at its first locale concerned; a `default` description, which serves every \
            language App Store Connect has, leaves the app's languages without a listing unasked. A language the App Store has no listing in (Persian, \
            Irish, Icelandic, …) is not asked for, and Norwegian is `no` in the App Store and \
            `nb` in Xcode.
            """,
        fix: "Add the missing listing localization (`fastlane/metadata/<locale>/`), or the app's and the products' translations for the listing's language.",
        reference: "App Store Connect Help: localize app information; monetisation seed: localisations complete",
        changeScope: .lineOrAnyFile([.storeListing, .storeKitConfiguration, .stringCatalog, .strings]),
        triggeringExamples: [
            // The app ships de: the listing has only English.
            RuleExample(files: [
                ("fastlane/metadata/en-US/description.txt", "↓Plan meals.\n"),
                ("de.lproj/Localizable.strings", "\"title\" = \"Mahlzeiten\";\n"),
                ("en.lproj/Localizable.strings", "\"title\" = \"Meals\";\n"),
            ]),
            // A Japanese listing for an app in English whose products have no Japanese either.
            RuleExample(files: [
                ("fastlane/metadata/en-US/description.txt", "Plan meals.\n"),
                ("fastlane/metadata/ja/description.txt", "↓↓献立を計画。\n"),
                ("en.lproj/Localizable.strings", "\"title\" = \"Meals\";\n"),
                ListingExamples.subscriptions,
            ]),
            // A platform folder, with the languages from `--locales`.
            RuleExample(files: [
                ("fastlane/metadata/appleTV/en-US/description.txt", "↓Plan meals on the big screen.\n"),
                ("fastlane/metadata/en-US/description.txt", "Plan meals.\n"),
                ("fastlane/metadata/fr-FR/description.txt", "Planifiez vos repas.\n"),
            ], locales: ["en", "fr"]),
        ],
        nonTriggeringExamples: [
            RuleExample(files: [
                ("fastlane/metadata/en-US/description.txt", "Plan meals.\n"),
                ("fastlane/metadata/de-DE/description.txt", "Mahlzeiten planen.\n"),
                ("de.lproj/Localizable.strings", "\"title\" = \"Mahlzeiten\";\n"),
                ("en.lproj/Localizable.strings", "\"title\" = \"Meals\";\n"),
            ]),
            // Regions of one language serve each other.
            RuleExample(files: [
                ("fastlane/metadata/en-GB/description.txt", "Plan meals.\n"),
                ("fastlane/metadata/en-US/description.txt", "Plan meals.\n"),
                ListingExamples.subscriptions,
            ]),
            // `--locales` names what the app ships.
            RuleExample(files: [
                ("fastlane/metadata/en-US/description.txt", "Plan meals.\n"),
                ("fastlane/metadata/fr-FR/description.txt", "Planifiez vos repas.\n"),
            ], locales: ["en", "fr"]),
            // Nothing says what the app ships: nothing to compare.
            RuleExample(files: [("fastlane/metadata/ko/description.txt", "식단을 계획하세요.\n")]),
            // A `default` folder is not a language.
            RuleExample(files: [
                ("fastlane/metadata/default/description.txt", "Plan meals.\n"),
                ("fastlane/metadata/en-US/name.txt", "Meal Planner\n"),
                ListingExamples.subscriptions,
            ]),
        ]
    )

    /// The languages of the App Store's listing localizations (App Store Connect's 39 locales:
    /// `ar-SA` … `zh-Hant`); an app may ship others (Persian, Irish) that no listing can have.
    static let appStoreLanguages: Set<String> = [
        "ar", "ca", "cs", "da", "de", "el", "en", "es", "fi", "fr", "he", "hi", "hr", "hu", "id", "it", "ja", "ko", "ms",
        "nl", "no", "pl", "pt", "ro", "ru", "sk", "sv", "th", "tr", "uk", "vi", "zh",
    ]

    /// The language of a locale, with Norwegian written one way: the App Store's `no` is
    /// Xcode's `nb` (Bokmål) or `nn`.
    static func language(of locale: String) -> String {
        let language = LocaleMatching.language(of: locale)
        return language == "nb" || language == "nn" ? "no" : language
    }

    /// "ja", "cs, de-DE and fi", "cs, de-DE, fi and 12 more".
    static func names(_ locales: [StoreListing.Locale]) -> String {
        let names = locales.map(\.name)
        if names.count <= 1 { return names.joined() }
        if names.count <= 4 { return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1] }
        return names.prefix(3).joined(separator: ", ") + " and \(names.count - 3) more"
    }

    public func check(_ project: Project, into result: inout RuleResult) {
        let listings = StoreListing.of(project)
        guard !listings.isEmpty else {
            result.needsManualCheck(StoreListing.absentReason)
            return
        }
        let shipped = Set(project.shippedLocales.map(Self.language(of:)).filter { $0 != "base" })
        let productLanguages = Set(project.storeKitConfigurations.flatMap(\.locales).map(Self.language(of:)))
        guard !shipped.isEmpty || !productLanguages.isEmpty else {
            result.notApplicable("Neither the app's languages nor the products' localizations are known.")
            return
        }
        var compared = 0
        for listing in listings {
            let locales = listing.locales.filter { $0.language != nil }
            guard let first = locales.first else { continue }
            compared += locales.count
            let listed = Set(locales.compactMap { $0.language.map(Self.language(of:)) })
            // A `default` description serves every language App Store Connect has: which ones
            // the repository cannot tell. Only a language the App Store has listings in can be asked for.
            let servesAnyLanguage = listing.fields.contains { $0.isDefault && $0.kind == .description }
            let unlisted = servesAnyLanguage ? [] : shipped.subtracting(listed).filter { Self.appStoreLanguages.contains($0) }.sorted()
            if !unlisted.isEmpty {
                result.report(
                    at: first.site,
                    "The app ships \(unlisted.joined(separator: ", ")) (from \(project.localeSource)) but the App Store listing in \(listing.folder) has no localization for \(unlisted.count == 1 ? "it" : "them"): those customers read the \(first.name) listing.")
            }
            let notShipped = shipped.isEmpty ? [] : locales.filter { !shipped.contains(Self.language(of: $0.name)) }
            if let site = notShipped.first?.site {
                result.report(
                    at: site,
                    "The App Store listing has \(Self.names(notShipped)) \(notShipped.count == 1 ? "localization" : "localizations") in \(listing.folder), but the app does not ship \(notShipped.count == 1 ? "that language" : "those languages") (it ships \(shipped.sorted().joined(separator: ", "))).")
            }
            let withoutProducts = productLanguages.isEmpty ? [] : locales.filter { !productLanguages.contains(Self.language(of: $0.name)) }
            // What is right is said too: the localizations neither the app nor the products lack.
            let matching = locales.filter { locale in
                !notShipped.contains { $0.name == locale.name } && !withoutProducts.contains { $0.name == locale.name }
            }
            if let site = matching.first?.site {
                result.evidence(at: site, "The App Store listing's \(Self.names(matching)) \(matching.count == 1 ? "localization is" : "localizations are") in languages the app ships and the products are localized for (\(listing.folder)).")
            }
            if let site = withoutProducts.first?.site {
                result.report(
                    at: site,
                    "The App Store listing has \(Self.names(withoutProducts)) \(withoutProducts.count == 1 ? "localization" : "localizations") in \(listing.folder), but no product in the StoreKit configuration is localized for \(withoutProducts.count == 1 ? "it" : "them"): the product page and the purchase sheet show the products' names in another language.")
            }
        }
        if compared == 0 {
            result.notApplicable("The App Store listing has only a default folder: no language to compare.")
        }
    }
}
