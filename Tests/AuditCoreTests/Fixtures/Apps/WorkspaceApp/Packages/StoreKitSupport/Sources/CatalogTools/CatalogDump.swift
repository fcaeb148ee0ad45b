/// A target of the package that no product and no linked target depends on.
public enum CatalogDump {
    public static let header = "id,price"
}
