package org.pctenc.spark

import java.nio.charset.StandardCharsets

import org.apache.spark.sql.catalyst.analysis.TypeCheckResult
import org.apache.spark.sql.catalyst.expressions.{Expression, Literal}
import org.apache.spark.sql.catalyst.expressions.objects.StaticInvoke
import org.apache.spark.sql.types.{ArrayType, DataType, MapType, NullType, ObjectType, StringType, StructField, StructType}
import org.pctenc.PctencQuery

/** `pct_query_param`, `pct_parse_query` and `pct_build_query` (with `pct_try_query_param` and
  * `pct_try_parse_query`, NULL where a row fails) as Catalyst expressions over the core's
  * query operations, built as [[PctFunction]] is: a `RuntimeReplaceable` whose replacement is
  * a `StaticInvoke` of [[SparkQueries]], so whole-stage code generation emits one direct call
  * (one native call) per row. Constant profile, options and key (the usual case) are compiled
  * once, when the query is analysed (an unknown profile or option is an analysis error); ones
  * that are columns are looked up per row. NULL in any argument gives NULL.
  *
  * The profile is the query operations' default, `form`, unless given; the options are the
  * core's compact text form, or a bare `input` word (`'url'`), as pctenc.spark's SQL
  * functions take them.
  */
abstract class PctQueryFunction extends PctSqlFunction[PctencQuery] {
  /** The `PctencQuery` operation, and whether a row that fails is NULL. */
  def op: Int
  def tryMode: Boolean

  override protected def compile(profile: String, options: String): PctencQuery =
    SparkQueries.codec(op, profile, options, tryMode)

  protected def obj[T](value: T, cls: Class[T]): Literal = Literal.fromObject(value, ObjectType(cls))

  protected def invoke(method: String, dataType: DataType, args: Seq[Expression]): StaticInvoke =
    StaticInvoke(classOf[SparkQueries], dataType, method, args, Nil, propagateNull = true, returnNullable = true)
}

object PctQueryFunction {
  /** `array<struct<key: string, value: string>>`, the type of pctenc.spark's `parse_query`. */
  val PairsType: DataType =
    ArrayType(StructType(Seq(StructField("key", StringType), StructField("value", StringType))))
}

case class PctQueryParam(
    value: Expression,
    key: Expression,
    profile: Expression,
    options: Expression,
    arity: Int,
    tryMode: Boolean)
    extends PctQueryFunction {
  override def name: String = if (tryMode) "pct_try_query_param" else "pct_query_param"
  override def op: Int = PctencQuery.PARAM
  override def children: Seq[Expression] = Seq(value, key, profile, options)
  override def inputTypes = Seq(StringType, StringType, StringType, StringType)
  override def dataType: DataType = StringType

  override lazy val replacement: Expression = constant match {
    case Right(Some(codec)) if key.foldable =>
      text(key) match {
        case Some(k) =>
          invoke("param", StringType, Seq(value, obj(codec, classOf[PctencQuery]),
            obj(k.getBytes(StandardCharsets.UTF_8), classOf[Array[Byte]]), obj(name, classOf[String])))
        case None => Literal(null, StringType)
      }
    case Right(Some(codec)) =>
      invoke("paramKey", StringType, Seq(value, obj(codec, classOf[PctencQuery]), key, obj(name, classOf[String])))
    case _ if constantNull => Literal(null, StringType)
    case _ =>
      invoke("paramWith", StringType, Seq(value, key, profile, options, Literal(tryMode), obj(name, classOf[String])))
  }

  override protected def withNewChildrenInternal(c: IndexedSeq[Expression]): Expression =
    copy(value = c(0), key = c(1), profile = c(2), options = c(3))
}

case class PctParseQuery(value: Expression, profile: Expression, options: Expression, arity: Int, tryMode: Boolean)
    extends PctQueryFunction {
  override def name: String = if (tryMode) "pct_try_parse_query" else "pct_parse_query"
  override def op: Int = PctencQuery.PARSE
  override def children: Seq[Expression] = Seq(value, profile, options)
  override def inputTypes = Seq(StringType, StringType, StringType)
  override def dataType: DataType = PctQueryFunction.PairsType

  override lazy val replacement: Expression = constant match {
    case Right(Some(codec)) =>
      invoke("parse", dataType, Seq(value, obj(codec, classOf[PctencQuery]), obj(name, classOf[String])))
    case _ if constantNull => Literal(null, dataType)
    case _ => invoke("parseWith", dataType, Seq(value, profile, options, Literal(tryMode), obj(name, classOf[String])))
  }

  override protected def withNewChildrenInternal(c: IndexedSeq[Expression]): Expression =
    copy(value = c(0), profile = c(1), options = c(2))
}

/** `pct_build_query(pairs[, profile[, options]])`: `pairs` a `map<string, string>` or an
  * `array<struct<k: string, v: string>>` (any two field names, as `map_entries` gives). */
case class PctBuildQuery(pairs: Expression, profile: Expression, options: Expression, arity: Int)
    extends PctQueryFunction {
  override def name: String = "pct_build_query"
  override def op: Int = PctencQuery.BUILD
  override def tryMode: Boolean = false
  override def children: Seq[Expression] = Seq(pairs, profile, options)
  override def inputTypes = Seq(pairs.dataType, StringType, StringType)
  override def dataType: DataType = StringType

  private def isMap: Boolean = pairs.dataType.isInstanceOf[MapType]

  override def checkInputDataTypes(): TypeCheckResult = {
    // NullType: `map()` and `map('a', NULL)` (nothing to read, or NULL values, left out).
    val text = (t: DataType) => t.isInstanceOf[StringType] || t == NullType
    val strings = (a: DataType, b: DataType) => text(a) && text(b)
    val ok = pairs.dataType match {
      case MapType(k, v, _) => strings(k, v)
      case ArrayType(StructType(Array(k, v)), _) => strings(k.dataType, v.dataType)
      case _ => false
    }
    if (!ok)
      TypeCheckResult.TypeCheckFailure(
        s"$name: the pairs must be a map<string, string> or an array<struct<key: string, value: string>>, " +
          s"not ${pairs.dataType.simpleString}")
    else super.checkInputDataTypes()
  }

  override lazy val replacement: Expression = constant match {
    case Right(Some(codec)) =>
      invoke(if (isMap) "buildMap" else "buildPairs", StringType, Seq(pairs, obj(codec, classOf[PctencQuery])))
    case _ if constantNull => Literal(null, StringType)
    case _ => invoke(if (isMap) "buildMapWith" else "buildPairsWith", StringType, Seq(pairs, profile, options))
  }

  override protected def withNewChildrenInternal(c: IndexedSeq[Expression]): Expression =
    copy(pairs = c(0), profile = c(1), options = c(2))
}
