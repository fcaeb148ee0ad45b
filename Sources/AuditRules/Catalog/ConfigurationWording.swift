import AuditCore

/// What the product configuration rules share: how a message names a product, a group or a
/// localization, and when a text counts as empty. A namespace rather than extensions, so that
/// rules written in parallel cannot clash on a member name.
enum ConfigurationWording {
    /// "consumable com.app.gems", or "consumable without an id (line 12)" for partial files.
    static func name(of product: StoreKitProduct) -> String {
        "\(kind(of: product.type)) \(identifier(of: product))"
    }

    /// The product id, or where the product is when it has none.
    static func identifier(of product: StoreKitProduct) -> String {
        if let id = product.productID, !isBlank(id) { return id }
        return "without an id (line \(product.location.line))"
    }

    static func kind(of type: StoreKitProductType) -> String {
        switch type {
        case .consumable: "consumable"
        case .nonConsumable: "non-consumable"
        case .nonRenewingSubscription: "non-renewing subscription"
        case .autoRenewableSubscription: "subscription"
        case .unknown: "product"
        }
    }

    /// "3 non-renewing subscriptions, 1 consumable": how many of each type that does not renew.
    static func counts(of types: [StoreKitProductType]) -> String {
        let order: [StoreKitProductType] = [.nonRenewingSubscription, .consumable, .nonConsumable]
        return order.compactMap { type in
            let n = types.filter { $0 == type }.count
            return n == 0 ? nil : "\(n) \(kind(of: type))\(n == 1 ? "" : "s")"
        }.joined(separator: ", ")
    }

    /// "subscription group Pro", by reference name, else id, else line.
    static func name(of group: StoreKitSubscriptionGroup) -> String {
        if let name = group.name, !isBlank(name) { return "subscription group \(name)" }
        if let id = group.id, !isBlank(id) { return "subscription group \(id)" }
        return "the subscription group at line \(group.location.line)"
    }

    /// "the en_US localization", or where it is when it names no locale.
    static func name(of localization: StoreKitLocalization) -> String {
        if isBlank(localization.locale) { return "the localization at line \(localization.location.line)" }
        return "the \(localization.locale) localization"
    }

    /// True for nil, "", and text with nothing visible: whitespace, or invisible format
    /// characters such as a zero-width space or a byte order mark pasted in with a name.
    static func isBlank(_ text: String?) -> Bool {
        guard let text else { return true }
        return text.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isWhitespace || scalar.properties.generalCategory == .format
        }
    }

    /// The `.storekit` files the audit found but could not read (each has its input error).
    static func unreadableConfigurations(in project: Project) -> [String] {
        project.inputErrors.map(\.location.file).filter { FileKind.classify($0) == .storeKitConfiguration }.sorted()
    }

    /// Why a rule that reads the StoreKit configuration has nothing to check: none was found
    /// (`none`), or the one found could not be read, which its input error already reports.
    static func noConfiguration(in project: Project, _ none: String = "No StoreKit configuration file was found.") -> String {
        let unreadable = unreadableConfigurations(in: project)
        guard !unreadable.isEmpty else { return none }
        let files = unreadable.count == 1 ? "file \(unreadable[0])" : "files \(unreadable.joined(separator: ", "))"
        return "The StoreKit configuration \(files) could not be read (its input_error says why)."
    }

    /// For blank text that is not empty and not only plain spaces: the characters it holds,
    /// named ("U+200B ZERO WIDTH SPACE"), since a message cannot show them; nil otherwise.
    static func invisibleCharacters(in text: String?) -> String? {
        guard let text else { return nil }
        var names: [String] = []
        for scalar in text.unicodeScalars where scalar != " " {
            let digits = String(scalar.value, radix: 16, uppercase: true)
            var name = "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
            if let known = scalar.properties.name ?? scalar.properties.nameAlias { name += " " + known }
            if !names.contains(name) { names.append(name) }
        }
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }

    /// The text with its first letter in upper case, for names that start a message.
    static func sentence(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }

    /// "1 product", "3 products".
    static func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(number) \(number == 1 ? singular : plural ?? singular + "s")"
    }
}
