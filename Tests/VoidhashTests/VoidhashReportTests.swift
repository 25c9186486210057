import Testing
import Voidhash

/// The three things the SDK reports (errors, warnings, diagnostics) as the docs show them: a code
/// spelled as the docs spell it, and `CODE: message`.
@Suite("Voidhash reports", .timeLimit(.minutes(3)))
struct VoidhashReportTests {
    @Test("an error, a warning and a diagnostic read CODE: message")
    func reportsReadCodeThenMessage() {
        let error = VoidhashError(code: .invalidArgument, message: "the user ID is empty")
        #expect("\(error)" == "INVALID_ARGUMENT: the user ID is empty")
        let warning = VoidhashWarning(code: .invalidGroupType, message: "the group was ignored")
        #expect(warning.description == "INVALID_GROUP_TYPE: the group was ignored")
        let diagnostic = VoidhashDiagnostic(code: .storageRecovered, message: "a fresh database was made")
        #expect(String(describing: diagnostic) == "STORAGE_RECOVERED: a fresh database was made")
    }

    @Test("a code reads as its raw value, and a code this version does not name keeps it")
    func codesReadAsTheirRawValue() {
        #expect("\(VoidhashError.Code.authenticationFailed)" == "AUTHENTICATION_FAILED")
        #expect(VoidhashWarning.Code.groupTypeLimit.description == "GROUP_TYPE_LIMIT")
        let later = VoidhashDiagnostic.Code(rawValue: "SOMETHING_LATER")
        #expect("\(later)" == "SOMETHING_LATER")
        #expect(VoidhashDiagnostic(code: later, message: "m").code == later)
    }
}
