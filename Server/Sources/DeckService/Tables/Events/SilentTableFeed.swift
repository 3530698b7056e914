/// The feed of a dry run, which commits nothing and so has nothing to announce.
struct SilentTableFeed: TableChangeFeed {
    func announce(table id: String, version: Int, record: [UInt8]?) async {}

    func send(_ signal: TableSignal, table id: String) async {}

    func deliver(_ signal: TableSignal, table id: String) async {}

    func listen(_ receive: @escaping @Sendable (TableNotice) -> Void) async {}
}
