package org.pctenc.spark

import org.apache.spark.sql.catalyst.analysis.TypeCheckResult
import org.apache.spark.sql.catalyst.expressions.{Expression, ImplicitCastInputTypes, Literal, RuntimeReplaceable}
import org.apache.spark.sql.catalyst.expressions.objects.StaticInvoke
import org.apache.spark.sql.types.{DataType, ObjectType, StringType}
import org.pctenc.Pctenc

/** `pct_encode`, `pct_decode` and `pct_try_decode` as Catalyst expressions.
  *
  * Each is a `RuntimeReplaceable` (it shows as `pct_decode(s)` in plans and column names)
  * whose replacement is a `StaticInvoke` of [[SparkRows]], the way Spark builds its own
  * `url_decode`: whole-stage code generation emits a direct call per row. The value is a
  * string (other types are cast as for `url_decode`: numbers and binary become strings);
  * the profile and the options (the core's compact text form) are strings too. Constant
  * ones (the usual case) are compiled once, when the query is analysed (an unknown profile
  * or option is an analysis error); a profile or options that are columns are looked up per
  * row. NULL in any argument gives NULL.
  */
abstract class PctFunction extends RuntimeReplaceable with ImplicitCastInputTypes {
  def value: Expression
  def profile: Expression
  def options: Expression

  /** How many arguments the call gave (the others are defaults), for its SQL text. */
  def arity: Int

  /** The SQL name, and the `Pctenc` mode. */
  def name: String
  def mode: Int

  override def prettyName: String = name
  // `pct_decode(s)` in column names and plans, not the defaults filled in.
  override def sql: String = s"$prettyName(${children.take(arity).map(_.sql).mkString(", ")})"
  override def children: Seq[Expression] = Seq(value, profile, options)
  // Every argument is a string; others are cast as for url_decode.
  override def inputTypes = Seq(StringType, StringType, StringType)
  override def dataType: DataType = StringType
  override def nullable: Boolean = true

  private def text(e: Expression): Option[String] = Option(e.eval()).map(_.toString)

  /** The codec of a constant profile and options, or why there is none (as an analysis
    * error); `Right(None)` when they are not constants, or one is NULL. */
  private lazy val constant: Either[String, Option[Pctenc]] =
    if (!profile.foldable || !options.foldable) Right(None)
    else
      (text(profile), text(options)) match {
        case (Some(p), Some(o)) =>
          try Right(Some(SparkRows.codec(p, o).check(mode)))
          catch { case e: IllegalArgumentException => Left(e.getMessage) }
        case _ => Right(None)
      }

  override def checkInputDataTypes(): TypeCheckResult = {
    val types = super.checkInputDataTypes()
    if (types.isFailure) types
    else
      constant match {
        case Left(why) => TypeCheckResult.TypeCheckFailure(s"$name: $why")
        case Right(_) => TypeCheckResult.TypeCheckSuccess
      }
  }

  private def method(perRow: Boolean): String = {
    val base = mode match {
      case Pctenc.ENCODE => "encode"
      case Pctenc.DECODE => "decode"
      case _ => "tryDecode"
    }
    if (perRow) base + "With" else base
  }

  override lazy val replacement: Expression = constant match {
    case Right(Some(codec)) =>
      StaticInvoke(
        classOf[SparkRows],
        StringType,
        method(perRow = false),
        Seq(value, Literal.fromObject(codec, ObjectType(classOf[Pctenc]))),
        Nil,
        propagateNull = true,
        returnNullable = true)
    case Right(None) if profile.foldable && options.foldable => Literal(null, StringType)
    case _ =>
      StaticInvoke(
        classOf[SparkRows],
        StringType,
        method(perRow = true),
        Seq(value, profile, options),
        Nil,
        propagateNull = true,
        returnNullable = true)
  }
}

case class PctEncode(value: Expression, profile: Expression, options: Expression, arity: Int = 3)
    extends PctFunction {
  override def name: String = "pct_encode"
  override def mode: Int = Pctenc.ENCODE
  override protected def withNewChildrenInternal(c: IndexedSeq[Expression]): Expression =
    copy(value = c(0), profile = c(1), options = c(2))
}

case class PctDecode(value: Expression, profile: Expression, options: Expression, arity: Int = 3)
    extends PctFunction {
  override def name: String = "pct_decode"
  override def mode: Int = Pctenc.DECODE
  override protected def withNewChildrenInternal(c: IndexedSeq[Expression]): Expression =
    copy(value = c(0), profile = c(1), options = c(2))
}

case class PctTryDecode(value: Expression, profile: Expression, options: Expression, arity: Int = 3)
    extends PctFunction {
  override def name: String = "pct_try_decode"
  override def mode: Int = Pctenc.TRY_DECODE
  override protected def withNewChildrenInternal(c: IndexedSeq[Expression]): Expression =
    copy(value = c(0), profile = c(1), options = c(2))
}
