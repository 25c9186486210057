import Foundation
import TestSupport
import Testing

/// The harness's way of starting children holds up when many start at once: every child runs,
/// its output is read whole, and its end is reported as it happened.
@Suite("Starting driver processes", .timeLimit(.minutes(3)))
struct DriverProcessTests {
    private static let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func twoHundredChildrenStartedFromEightThreadsAtOnceAllRunAndEndCleanly() async throws {
        let runs = try await withThrowingTaskGroup(of: [DriverRun].self) { group in
            for thread in 0..<8 {
                group.addTask {
                    try await offPool {
                        try (0..<25).map { number in
                            try DriverProcess.run(
                                executable: Self.shell,
                                arguments: ["-c", "echo started; echo \"begin \(thread) \(number)\"; exit 3"])
                        }
                    }
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(runs.count == 200)
        for run in runs {
            #expect(!run.diedOfSignal && run.status == 3 && !run.killSent)
            #expect(run.lines.count == 2 && run.lines.first == "started")
        }
    }

    @Test func aChildKilledAfterAMarkerIsReportedAsKilledBySIGKILL() async throws {
        let run = try await offPool {
            try DriverProcess.run(
                executable: Self.shell, arguments: ["-c", "echo started; echo 'begin wait'; exec sleep 20"],
                kill: KillPlan(marker: 2, delayMicroseconds: 0))
        }
        #expect(run.killSent)
        #expect(run.diedOfSignal)
        #expect(run.status == SIGKILL)
        #expect(run.lines == ["started", "begin wait"])
    }

    @Test func aMissingExecutableIsAnErrorNamingIt() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/driver")
        #expect(throws: ChildProcess.SpawnError.self) { try DriverProcess.run(executable: missing, arguments: []) }
    }
}
