// Compile-only stand-in for the SwiftUI names an app file uses beside the SDKs, for
// `.ci/apple-typecheck`: `@Environment`, `View`, `Text`, `Alert`, `Group`. Nothing here runs.

/// A type that represents part of an app's user interface.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@MainActor @preconcurrency
public protocol View {
    /// The type of view representing the body.
    associatedtype Body: View
    /// The content of the view.
    @ViewBuilder var body: Self.Body { get }
}

/// Builds views from closures.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@resultBuilder
public struct ViewBuilder {
    /// A single view.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

/// Never is a view, so that leaf views can name it as their body.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension Never: View {
    /// Never called.
    public var body: Never { fatalError("compile-only stub") }
}

/// A view that displays text.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct Text: View {
    /// Text showing `content`.
    public init<S: StringProtocol>(_ content: S) {}
    /// Never called.
    public var body: Never { fatalError("compile-only stub") }
}

/// A container that groups views.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct Group<Content: View>: View {
    /// A group of `content`.
    public init(@ViewBuilder content: () -> Content) {}
    /// Never called.
    public var body: Never { fatalError("compile-only stub") }
}

/// An alert presentation (deprecated in SwiftUI, still declared).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct Alert {
    /// An alert with a title.
    public init(title: Text) {}
}

/// An action that dismisses a presentation.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
@MainActor
public struct DismissAction {
    /// Dismisses the view.
    public func callAsFunction() {}
}

/// The values a view reads from its environment.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct EnvironmentValues {
    /// Dismisses the current presentation.
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    public var dismiss: DismissAction { fatalError("compile-only stub") }
}

/// A property wrapper that reads a value from a view's environment.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@propertyWrapper
public struct Environment<Value> {
    /// Reads the value at `keyPath`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    /// The current value.
    public var wrappedValue: Value { fatalError("compile-only stub") }
}
