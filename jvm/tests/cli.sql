-- spark-sql transcript of the native functions (scripts/test.d/46-jvm.sh runs it with
-- -d values=FILE, a JSON-lines file of the shared test strings). Each SELECT prints one
-- tab-separated line that the suite checks; the last query must fail the job.
CREATE TEMPORARY VIEW v USING json OPTIONS (path '${values}');

SELECT 'parity', count(*),
  sum(CASE WHEN pct_encode(s) <=> url_encode(s) THEN 1 ELSE 0 END),
  sum(CASE WHEN pct_try_decode(s) <=> try_url_decode(s) THEN 1 ELSE 0 END),
  sum(CASE WHEN try_url_decode(s) IS NULL THEN 1 WHEN pct_decode(s) <=> url_decode(s) THEN 1 ELSE 0 END)
FROM v;

SELECT 'known', pct_decode('a+b%2B%C3'), pct_encode('a b/', 'rfc3986', 'hex=lower'),
  pct_try_decode('%zz'), pct_decode('a+b', 'duckdb');

SELECT 'query', pct_query_param('https://h/p?x=%zz&q=caf%C3%A9+au+lait#f', 'q'),
  pct_query_param('/p?q=&r', 'q'), pct_query_param('/p?r', 'q') IS NULL,
  pct_build_query(pct_parse_query('b=2&a=1&b=3')), pct_build_query(map('q', 'a b'), 'rfc3986');

SELECT 'fails', pct_decode(s) FROM VALUES ('fine'), ('x=%zz') AS t(s);
