package org.pctenc.spark

import org.apache.spark.sql.{SparkSessionExtensions, SparkSessionExtensionsProvider}
import org.apache.spark.sql.catalyst.FunctionIdentifier
import org.apache.spark.sql.catalyst.expressions.{Expression, ExpressionInfo, Literal}

/** The Spark session extension that adds `pct_encode`, `pct_decode` and `pct_try_decode`
  * (value, [profile], [options]) to Spark SQL, in the JVM (no Python worker):
  *
  * {{{
  * spark-sql --jars pctenc-jvm.jar --conf spark.sql.extensions=org.pctenc.spark.PctencExtensions
  * SELECT pct_decode(url), pct_try_decode(q, 'form'), pct_encode(s, 'rfc3986', 'hex=lower') FROM t;
  * }}}
  *
  * The jar also lists this class under `META-INF/services`, so a session whose classpath has
  * the jar gets the functions without the setting. The default profile is `spark`, which
  * makes the three functions Spark's `url_encode`, `url_decode` and `try_url_decode` byte for
  * byte.
  */
class PctencExtensions extends SparkSessionExtensionsProvider {
  override def apply(extensions: SparkSessionExtensions): Unit = {
    PctencExtensions.functions.foreach(extensions.injectFunction)
  }
}

object PctencExtensions {
  /** The profile when none is given: Spark's own dialect. */
  val DefaultProfile = "spark"

  private def builder(
      name: String,
      make: (Expression, Expression, Expression, Int) => Expression): Seq[Expression] => Expression = {
    case Seq(v) => make(v, Literal(DefaultProfile), Literal(""), 1)
    case Seq(v, p) => make(v, p, Literal(""), 2)
    case Seq(v, p, o) => make(v, p, o, 3)
    case args => throw Errors.wrongNumArgs(name, args.length)
  }

  private def info(cls: Class[_], name: String, usage: String): ExpressionInfo =
    new ExpressionInfo(cls.getName, null, name, usage, "")

  private val none = Literal("")

  private def param(name: String, tryMode: Boolean): Seq[Expression] => Expression = {
    case Seq(v, k) => PctQueryParam(v, k, none, none, 2, tryMode)
    case Seq(v, k, p) => PctQueryParam(v, k, p, none, 3, tryMode)
    case Seq(v, k, p, o) => PctQueryParam(v, k, p, o, 4, tryMode)
    case args => throw Errors.wrongNumArgs(name, args.length, 2, 4)
  }

  private def parse(name: String, tryMode: Boolean): Seq[Expression] => Expression = {
    case Seq(v) => PctParseQuery(v, none, none, 1, tryMode)
    case Seq(v, p) => PctParseQuery(v, p, none, 2, tryMode)
    case Seq(v, p, o) => PctParseQuery(v, p, o, 3, tryMode)
    case args => throw Errors.wrongNumArgs(name, args.length)
  }

  private val build: Seq[Expression] => Expression = {
    case Seq(v) => PctBuildQuery(v, none, none, 1)
    case Seq(v, p) => PctBuildQuery(v, p, none, 2)
    case Seq(v, p, o) => PctBuildQuery(v, p, o, 3)
    case args => throw Errors.wrongNumArgs("pct_build_query", args.length)
  }

  /** The query functions (query strings as data), default profile `form`. */
  val queryFunctions: Seq[(FunctionIdentifier, ExpressionInfo, Seq[Expression] => Expression)] = Seq(
    (
      FunctionIdentifier("pct_query_param"),
      info(classOf[PctQueryParam], "pct_query_param",
        "pct_query_param(url, key[, profile[, options]]) - The first value of key in the query of url, decoded (profile 'form' by default); '' when present and empty, NULL when absent. A malformed pair elsewhere is no error."),
      param("pct_query_param", tryMode = false)),
    (
      FunctionIdentifier("pct_try_query_param"),
      info(classOf[PctQueryParam], "pct_try_query_param",
        "pct_try_query_param(url, key[, profile[, options]]) - As pct_query_param, but NULL where the value does not decode."),
      param("pct_try_query_param", tryMode = true)),
    (
      FunctionIdentifier("pct_parse_query"),
      info(classOf[PctParseQuery], "pct_parse_query",
        "pct_parse_query(url[, profile[, options]]) - The (key, value) pairs of the query of url, decoded, in order, repeated keys kept: array<struct<key, value>>."),
      parse("pct_parse_query", tryMode = false)),
    (
      FunctionIdentifier("pct_try_parse_query"),
      info(classOf[PctParseQuery], "pct_try_parse_query",
        "pct_try_parse_query(url[, profile[, options]]) - As pct_parse_query, but NULL where a pair does not decode."),
      parse("pct_try_parse_query", tryMode = true)),
    (
      FunctionIdentifier("pct_build_query"),
      info(classOf[PctBuildQuery], "pct_build_query",
        "pct_build_query(pairs[, profile[, options]]) - The query string of a map<string, string> or array<struct<key, value>> (pairs with a NULL key or value left out)."),
      build))

  val functions: Seq[(FunctionIdentifier, ExpressionInfo, Seq[Expression] => Expression)] = queryFunctions ++ Seq(
    (
      FunctionIdentifier("pct_encode"),
      info(classOf[PctEncode], "pct_encode",
        "pct_encode(str[, profile[, options]]) - Percent-encodes str under the pctenc profile (default 'spark', as url_encode)."),
      builder("pct_encode", PctEncode.apply)),
    (
      FunctionIdentifier("pct_decode"),
      info(classOf[PctDecode], "pct_decode",
        "pct_decode(str[, profile[, options]]) - Percent-decodes str under the pctenc profile (default 'spark', as url_decode); a malformed value fails the query with its byte offset."),
      builder("pct_decode", PctDecode.apply)),
    (
      FunctionIdentifier("pct_try_decode"),
      info(classOf[PctTryDecode], "pct_try_decode",
        "pct_try_decode(str[, profile[, options]]) - As pct_decode, but NULL where str does not decode (as try_url_decode)."),
      builder("pct_try_decode", PctTryDecode.apply)))
}
