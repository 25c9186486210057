import MobileJoeAPI

extension MobileJoeEmulatorState {
    /// A state with a little content to work against: two FAQs, two feature plans and an alert.
    /// The `sdk-emulator` command and the generated contract tests start from it.
    public static func withSampleContent() -> MobileJoeEmulatorState {
        MobileJoeEmulatorState(
            faqs: [
                FAQ(
                    id: "faq_refunds", question: "How do refunds work?",
                    answer: "Refunds go through the store you paid in."),
                FAQ(id: "faq_votes", question: "Who sees my votes?", answer: "Only the totals are shown."),
            ],
            plans: [
                MobileJoeEmulatorPlan(id: "dark-mode", title: "Dark mode", status: .planned, otherVotes: 11),
                MobileJoeEmulatorPlan(id: "widgets", title: "Widgets"),
            ],
            alerts: [
                MobileJoeAlert(id: "alert_maintenance", title: "Maintenance", message: "Back at noon.", severity: .info)
            ])
    }
}
