-- ClickHouse's workload scheduling for the analysts (docs/analyst-access.md, "With a ClickHouse
-- server"): the CPU is shared between the product's queries and the analysts' nine to one when
-- both want it, and the analysts' queries never hold more than four threads at once. The image
-- runs this on the first start of an empty data volume; a volume made before it needs it run once
-- by the server's administrator (clickhouse-client --multiquery < workloads.sql).
CREATE RESOURCE IF NOT EXISTS cpu (MASTER THREAD, WORKER THREAD);
CREATE WORKLOAD IF NOT EXISTS all;
CREATE WORKLOAD IF NOT EXISTS product IN all SETTINGS weight = 9;
CREATE WORKLOAD IF NOT EXISTS analysts IN all SETTINGS weight = 1, max_concurrent_threads = 4;
