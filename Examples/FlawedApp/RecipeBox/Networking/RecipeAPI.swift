import Foundation

struct RecipeAPI {
    static let shared = RecipeAPI()

    private let baseURL = URL(string: "https://api.recipebox.example.com/v1")!
    private let session = URLSession.shared

    private let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }()

    func fetchRecipes() async throws -> [Recipe] {
        try await get("recipes")
    }

    func fetchCookbooks() async throws -> [Cookbook] {
        try await get("cookbooks")
    }

    private func get<T: Decodable>(_ path: String) async throws -> T {
        let (data, response) = try await session.data(from: baseURL.appending(path: path))
        guard let http = response as? HTTPURLResponse, http.statusCode == 200 else {
            throw URLError(.badServerResponse)
        }
        return try decoder.decode(T.self, from: data)
    }
}
