/// What a team declares in `.iap-audit.json` under `capabilities`: the things outside the
/// repository that the launch guidance's degraded mode asks about (App Store Connect products,
/// sandbox testers, a notifications endpoint, server-side JWS validation). A capability that
/// is neither found in the repository nor declared is unavailable, and the purchase paths that
/// need it are reported with launch approval withheld.
public struct Capabilities: Sendable, Hashable {
    /// The products exist in App Store Connect (`appStoreConnectProducts`).
    public var appStoreConnectProducts: Bool?
    /// Sandbox testers exist in App Store Connect (`sandboxTesters`).
    public var sandboxTesters: Bool?
    /// The App Store Server Notifications V2 endpoint registered in App Store Connect
    /// (`notificationsEndpoint`, a URL).
    public var notificationsEndpoint: String?
    /// The server validates signed transactions and notifications (`serverJWSValidation`).
    public var serverJWSValidation: Bool?

    public init(appStoreConnectProducts: Bool? = nil, sandboxTesters: Bool? = nil, notificationsEndpoint: String? = nil, serverJWSValidation: Bool? = nil) {
        self.appStoreConnectProducts = appStoreConnectProducts
        self.sandboxTesters = sandboxTesters
        self.notificationsEndpoint = notificationsEndpoint
        self.serverJWSValidation = serverJWSValidation
    }

    /// The keys of the `capabilities` object, in the order the documentation lists them.
    public static let keys = ["appStoreConnectProducts", "sandboxTesters", "notificationsEndpoint", "serverJWSValidation"]
}
