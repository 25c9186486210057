/// Why a route could not be registered (a mistake in the routes, never in a request).
public enum RouterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The template is not valid; the second value says why.
    case invalidTemplate(String, String)
    /// A route with the same method and path shape is already registered.
    case duplicateRoute(method: String, template: String)
    /// A route with this name is already registered (names identify routes in logs and faults).
    case duplicateName(String)
    /// The method is not an HTTP token.
    case invalidMethod(String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .invalidTemplate(let template, let reason): "invalid path template \(template): \(reason)"
        case .duplicateRoute(let method, let template): "duplicate route \(method) \(template)"
        case .duplicateName(let name): "duplicate route name \(name)"
        case .invalidMethod(let method): "invalid HTTP method \(method)"
        }
    }
}
