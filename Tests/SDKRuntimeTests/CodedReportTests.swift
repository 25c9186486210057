import SDKRuntime
import Testing

/// The shape the SDKs' errors, warnings and diagnostics share: an open code and a message.
@Suite("Coded reports", .timeLimit(.minutes(3)))
struct CodedReportTests {
    /// A report of this test's own, with only the stored parts written out.
    struct Notice: CodedReport {
        struct Code: ReportCode {
            let rawValue: String
            init(rawValue: String) { self.rawValue = rawValue }
            static let tooLate = Code(rawValue: "TOO_LATE")
        }
        var code: Code
        var message: String
        init(code: Code, message: String) {
            self.code = code
            self.message = message
        }
    }

    @Test("the description is the code, a colon and the message; a code's is its raw value")
    func descriptionsComeFromTheProtocols() {
        #expect(Notice(code: .tooLate, message: "the train left").description == "TOO_LATE: the train left")
        #expect("\(Notice.Code.tooLate)" == "TOO_LATE")
        #expect(Notice.Code(rawValue: "") == Notice.Code(rawValue: ""))
    }

    @Test("a generic use sees the code and the message through the protocol")
    func genericUse() {
        func render<Report: CodedReport>(_ report: Report) -> [String] { [report.code.rawValue, report.message] }
        #expect(render(Notice(code: Notice.Code(rawValue: "NEW"), message: "kept")) == ["NEW", "kept"])
    }
}
